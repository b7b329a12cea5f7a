/**
 * The anchor scheme of the reference pages (stable: guides, search results and other sites link
 * to these). Ids contain a slash, so they never collide with the slugs of Markdown headings.
 *
 *   #operation/<operationId>   an operation              /open-api/#operation/listOrders
 *   #event/<EVENT_TYPE>        a webhook event           /open-api/#event/ORDER_PLACED
 *   #schema/<SchemaName>       a component schema        /open-api/#schema/Order
 *   #tag/<tag-slug>            a tag's section           /open-api/#tag/orders
 *   #security/<schemeName>     a security scheme         /open-api/#security/basicAuth
 *   #response/<ResponseName>   a shared response         /open-api/#response/Unauthorized
 *   #header/<HeaderName>       a component header        /open-api/#header/RequestId
 *   #<slug>                    a heading of the introduction (info.description), e.g. #rate-limits
 */
export const anchors = {
  operation: (operationId: string) => `operation/${operationId}`,
  event: (type: string) => `event/${type}`,
  schema: (name: string) => `schema/${name}`,
  tag: (name: string) =>
    `tag/${name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')}`,
  security: (name: string) => `security/${name}`,
  header: (name: string) => `header/${name}`,
  response: (name: string) => `response/${name}`,
}
