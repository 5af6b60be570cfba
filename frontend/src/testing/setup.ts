import '@testing-library/jest-dom/jest-globals';
import { configure } from '@testing-library/react';

// Lazy routes load their code on first visit; with two workers busy that can take over the default 1 s.
configure({ asyncUtilTimeout: 5000 });

// Node's Request, which the test environment uses, rejects relative URLs; a browser resolves them against the page.
globalThis.Request = class extends Request {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, location.href) : input, init);
  }
};

// Node's FormData, which the test environment uses, cannot read a form; a browser's takes its named fields.
globalThis.FormData = class extends FormData {
  constructor(form?: HTMLFormElement) {
    super();
    for (const field of Array.from(form?.elements ?? []) as HTMLInputElement[]) {
      if (field.name && !field.disabled && (!['checkbox', 'radio'].includes(field.type) || field.checked))
        this.append(field.name, field.value);
    }
  }
};
