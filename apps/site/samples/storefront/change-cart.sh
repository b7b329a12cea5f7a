# Set the line to exactly 1 (quantity 0 would remove it).
curl -sS --fail-with-body \
  -H 'Content-Type: application/json' \
  -d "{\"items\": [{\"variantId\": \"$VARIANT_ID\", \"quantity\": 1}]}" \
  "${FANSHELF_ORIGIN:-http://127.0.0.1:4000}/v1/carts/$CART_ID/change?storefront_token=$FANSHELF_STOREFRONT_TOKEN&currency=USD"
