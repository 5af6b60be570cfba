/** The PairingQueue: in this process's memory, or in Redis when instances share one. */
export const PAIRING_QUEUE = Symbol('PAIRING_QUEUE');
