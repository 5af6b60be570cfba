import '@testing-library/jest-dom/jest-globals';

// Node's Request, which the test environment uses, rejects relative URLs; a browser resolves them against the page.
globalThis.Request = class extends Request {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, location.href) : input, init);
  }
};
