import type { ConfigProperty } from '@contracts';

/** Properties shown together on one line (spec 02 Config detail). */
export const PROPERTY_PAIRS: readonly (readonly [string, string])[] = [
  ['region', 'zone'],
  ['vpc', 'subnet'],
  ['os', 'arch'],
  ['version', 'part-of'],
];

export interface PropertyGroup {
  label: string;
  properties: ConfigProperty[];
}

/** Visible properties, the spec's pairs each as one group (in pair order), the others one by one. */
export function groupProperties(properties: readonly ConfigProperty[] | null | undefined): PropertyGroup[] {
  const visible = (properties ?? []).filter((property) => property.type !== 'hidden');
  const byName = new Map(visible.map((property) => [property.name.toLowerCase(), property]));
  const used = new Set<ConfigProperty>();
  const groups: PropertyGroup[] = [];
  for (const pair of PROPERTY_PAIRS) {
    const members = pair.map((name) => byName.get(name)).filter((property): property is ConfigProperty => Boolean(property));
    if (members.length === 0) continue;
    members.forEach((property) => used.add(property));
    groups.push({ label: members.map((property) => property.name).join(' / '), properties: members });
  }
  for (const property of visible) if (!used.has(property)) groups.push({ label: property.name, properties: [property] });
  return groups;
}
