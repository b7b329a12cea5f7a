# A new cart with one line. Keep the answered `id`.
curl -sS --fail-with-body \
  -H 'Content-Type: application/json' \
  -d "{\"items\": [{\"variantId\": \"$VARIANT_ID\", \"quantity\": 1}], \"metadata\": {\"source\": \"my_storefront\"}}" \
  "${FANSHELF_ORIGIN:-http://127.0.0.1:4000}/v1/carts?storefront_token=$FANSHELF_STOREFRONT_TOKEN&currency=USD"
