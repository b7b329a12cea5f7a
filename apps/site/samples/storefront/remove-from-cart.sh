# Drop the variant's line; variants not in the cart are ignored.
curl -sS --fail-with-body \
  -H 'Content-Type: application/json' \
  -d "{\"items\": [{\"variantId\": \"$VARIANT_ID\"}]}" \
  "${FANSHELF_STOREFRONT_API:-http://127.0.0.1:4000/v1}/carts/$CART_ID/remove?storefront_token=$FANSHELF_STOREFRONT_TOKEN&currency=USD"
