import { deref, mergeAllOf, type SchemaContext } from '../schema.ts'
import type { Parameter, Schema } from '../types.ts'
import { PropertyRow } from './schema-tree.tsx'

const locations: Array<[Parameter['in'], string]> = [
  ['path', 'Path'],
  ['query', 'Query'],
  ['header', 'Header'],
  ['cookie', 'Cookie'],
]

function isSchemaExample(example: unknown, schema: Schema, ctx: SchemaContext): boolean {
  if (example === undefined) return false
  const resolved = mergeAllOf(deref(schema, ctx), ctx)
  const list = resolved.examples ?? (resolved.example !== undefined ? [resolved.example] : [])
  return list.some((value) => JSON.stringify(value) === JSON.stringify(example))
}

/** Parameters by location (path, query, header, cookie), each a property row with its example. */
export function ParameterRows({ parameters, ctx }: { parameters: Parameter[]; ctx: SchemaContext }) {
  return locations.map(([location, title]) => {
    const list = parameters.filter((parameter) => parameter.in === location)
    if (list.length === 0) return null
    return [
      <p key={`${location}-title`} className="fsr-loc">
        {title} parameters
      </p>,
      <ul key={location} className="fsr-props">
        {list.map((parameter) => {
          const schema: Schema = {
            ...(parameter.schema ?? {}),
            ...(parameter.description !== undefined ? { description: parameter.description } : {}),
            ...(parameter.deprecated ? { deprecated: true } : {}),
          }
          // The schema's own example is already listed by the row: show the parameter's only when it differs.
          const example = isSchemaExample(parameter.example, schema, ctx) ? undefined : parameter.example
          return (
            <PropertyRow
              key={parameter.name}
              name={parameter.name}
              schema={schema}
              ctx={ctx}
              options={{
                required: parameter.required ?? false,
                after: example !== undefined && (
                  <div className="fsr-c">
                    Example: <code>{typeof example === 'string' ? example : JSON.stringify(example)}</code>
                  </div>
                ),
              }}
            />
          )
        })}
      </ul>,
    ]
  })
}
