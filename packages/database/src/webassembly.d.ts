// The one WebAssembly API this package uses (pglite-database.ts). TypeScript declares
// WebAssembly only in its DOM library, which a Node.js package does not load.
declare namespace WebAssembly {
  class Module {
    constructor(bytes: Uint8Array);
  }
}
