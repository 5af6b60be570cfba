// An ESLint rule for the frontend's layers (docs/architecture.md, Frontend): a feature imports no
// other feature, and shared code (components, lib) imports no feature, route or the app, except
// the app's typed store hooks; a test may build the app's store. Import paths
// are worked out from the file's folder, so the rule needs no module resolver.
import { dirname, relative, resolve, sep } from 'node:path';

const source = resolve(import.meta.dirname, '../../frontend/src');
const shared = new Set(['components', 'lib']);
const allowedFromShared = [resolve(source, 'app/hooks')];

/** The layer and (for features) the feature a path lies in, or null outside the frontend's source. */
function placeOf(path) {
  const inside = relative(source, path);
  if (inside.startsWith('..')) return null;
  const [layer, name] = inside.split(sep);
  return { layer, feature: layer === 'features' ? name : null };
}

export const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Keeps features apart, and shared code below them' },
    messages: {
      crossFeature: "The feature '{{from}}' imports the feature '{{to}}': move what both need to shared code.",
      sharedImportsUp: 'Shared code ({{from}}) imports {{to}}: shared code sits below features, routes and the app.',
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const from = placeOf(file);
    if (!from) return {};
    const check = (node) => {
      const specifier = node.source?.value;
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const target = resolve(dirname(file), specifier);
      const to = placeOf(target);
      if (!to) return;
      if (from.feature && to.feature && from.feature !== to.feature) {
        context.report({ node: node.source, messageId: 'crossFeature', data: { from: from.feature, to: to.feature } });
      }
      const test = /\.test\.tsx?$/.test(file);
      const allowed = allowedFromShared.includes(target) || (test && to.layer === 'app');
      if (shared.has(from.layer) && !shared.has(to.layer) && to.layer !== 'testing' && !allowed) {
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
