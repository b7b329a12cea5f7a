// What our contracts deliberately do not carry from the real platform's published document, each
// with its reason. published-fields.test.ts holds the contracts to exactly this list, and the
// Compatibility guide shows it (apps/site/plugins/platform-facts), so the two cannot drift.

/** Published operations (`METHOD /open-api/v1.0/path/{}`) we do not serve, with the reason. */
export const operationsNotServed: Readonly<Record<string, string>> = {}

/** Published fields (`METHOD /path/{} res.field`) of served operations we lack, with the reason. */
export const fieldsLeftOut: Readonly<Record<string, string>> = {}
