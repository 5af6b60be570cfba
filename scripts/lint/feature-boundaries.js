// An ESLint rule for a layer's feature folders: a feature imports no other feature, and shared code
// imports no feature (nor, in the frontend, a route or the app). Each layer passes its layout as the
// rule's option (below). Import paths are worked out from the file's folder, so the rule needs no
// module resolver.
import { dirname, relative, resolve, sep } from 'node:path';

const root = resolve(import.meta.dirname, '../..');

/**
 * The frontend's layers (docs/architecture.md, Frontend): route pages compose features; shared code
 * (components, lib) may use the app's typed store hooks and the testing helpers, and a test may
 * build the app's store.
 */
export const frontendLayout = {
  source: 'frontend/src',
  shared: ['components', 'lib'],
  sharedMayImport: ['testing', 'app/hooks'],
  sharedTestsMayImport: ['app'],
};

/**
 * The backend's layers. What two features decide with (the moderation decider and its command, a
 * confession's state, the chat allowance) lives in common/domain, beside the event-sourcing code it
 * builds on, so that each feature reads alone and the shared rules have one home. The socket
 * transport (realtime) serves every feature as common/http does. The composition roots
 * (app.module.ts, create-app.ts, server.ts, main.ts) sit outside both and may import anything.
 */
export const backendLayout = {
  source: 'backend/src',
  shared: ['common', 'config', 'identity', 'infrastructure', 'rate-limiting', 'realtime'],
  sharedMayImport: [],
  sharedTestsMayImport: [],
};

const pathList = { type: 'array', items: { type: 'string' } };

/** The layer, the path inside the source and (for features) the feature a path lies in, or null outside the source. */
function placeOf(source, path) {
  const inside = relative(source, path).replace(/\.[jt]sx?$/, '');
  if (inside.startsWith('..')) return null;
  const [layer, name] = inside.split(sep);
  return { layer, inside, feature: layer === 'features' ? name : null };
}

/** Whether the place is one of the paths, or lies inside one. */
const isWithin = (place, paths) => paths.some((path) => place.inside === path || place.inside.startsWith(path + sep));

export const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Keeps features apart, and shared code below them' },
    messages: {
      crossFeature: "The feature '{{from}}' imports the feature '{{to}}': move what both need to shared code.",
      sharedImportsUp: 'Shared code ({{from}}) imports {{to}}: shared code sits below features, routes and the app.',
    },
    schema: {
      type: 'array',
      minItems: 1,
      items: [
        {
          type: 'object',
          properties: {
            source: { type: 'string' },
            shared: pathList,
            sharedMayImport: pathList,
            sharedTestsMayImport: pathList,
          },
          required: ['source', 'shared'],
          additionalProperties: false,
        },
      ],
    },
  },
  create(context) {
    const [{ source: sourceFolder, shared, sharedMayImport = [], sharedTestsMayImport = [] }] = context.options;
    const source = resolve(root, sourceFolder);
    const file = context.filename;
    const from = placeOf(source, file);
    if (!from) return {};
    const test = /\.(test|spec)\.tsx?$/.test(file);
    const check = (node) => {
      const specifier = node.source?.value;
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const to = placeOf(source, resolve(dirname(file), specifier));
      if (!to) return;
      if (from.feature && to.feature && from.feature !== to.feature) {
        context.report({ node: node.source, messageId: 'crossFeature', data: { from: from.feature, to: to.feature } });
      }
      const allowed =
        shared.includes(to.layer) || isWithin(to, sharedMayImport) || (test && isWithin(to, sharedTestsMayImport));
      if (shared.includes(from.layer) && !allowed) {
        context.report({ node: node.source, messageId: 'sharedImportsUp', data: { from: from.layer, to: to.layer } });
      }
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
