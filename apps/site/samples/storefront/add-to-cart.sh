# Add 2 to the variant's line (or create the line). Answers the whole cart.
curl -sS --fail-with-body \
  -H 'Content-Type: application/json' \
  -d "{\"items\": [{\"variantId\": \"$VARIANT_ID\", \"quantity\": 2}]}" \
  "${FANSHELF_ORIGIN:-http://127.0.0.1:4000}/v1/carts/$CART_ID/add?storefront_token=$FANSHELF_STOREFRONT_TOKEN&currency=USD"
