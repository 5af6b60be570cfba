/** A hash of every file the frontend's production build is made from. */
export function buildInputsHash(): string;
