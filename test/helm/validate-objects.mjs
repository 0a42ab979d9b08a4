// Validates Kubernetes objects against the schemas of kubernetes-models (an ES module package that exports only
// `import` conditions, so Jest's CommonJS loader cannot load it: test/helm/helm-render.ts runs this with Node).
// stdin: a JSON list of objects; stdout: a JSON list with, for each, null (valid) or what is wrong.
import * as fs from 'node:fs';

const objects = JSON.parse(fs.readFileSync(0, 'utf8'));
const results = [];
for (const object of objects) {
  const group = String(object.apiVersion ?? '').includes('/') ? object.apiVersion : 'v1';
  try {
    // kubernetes-models lays its classes out as <group>/<version>/<Kind> (core: v1/<Kind>).
    const loaded = await import(`kubernetes-models/${group}/${object.kind}`).catch(() => null);
    const Model = loaded?.[object.kind];
    if (!Model) {
      results.push(`kubernetes-models has no ${object.apiVersion} ${object.kind}`);
      continue;
    }
    new Model(object).validate();
    results.push(null);
  } catch (error) {
    results.push(error instanceof Error ? error.message : String(error));
  }
}
process.stdout.write(JSON.stringify(results));
