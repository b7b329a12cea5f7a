# A collection page's request exactly as the platform's example storefront sends it, to Fanshelf:
# only the base URL differs. `limit` is accepted as an alias of `size`.
curl -sS --fail-with-body \
  -H 'Content-Type: application/json' \
  "${FANSHELF_ORIGIN:-http://127.0.0.1:4000}/v1/collections/all/products?currency=USD&limit=4&storefront_token=$FANSHELF_STOREFRONT_TOKEN"
