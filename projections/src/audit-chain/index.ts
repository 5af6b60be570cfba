export { canonicalEvent, canonicalJson, genesisHash, linkHash } from './canonical-form.js';
export { type ChainHead, readChainHead } from './chain-head.js';
export { AuditChainWriter, chainLeaseKey } from './chain-writer.js';
export { type ChainVerdict, describeVerdict, verifyAuditChain } from './verify-chain.js';
