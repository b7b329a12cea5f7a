# Drop the variant's line; variants not in the cart are ignored. A `quantity` in the item (the shape
# add and change take) is accepted and ignored: the whole line goes.
curl -sS --fail-with-body \
  -H 'Content-Type: application/json' \
  -d "{\"items\": [{\"variantId\": \"$VARIANT_ID\", \"quantity\": 1}]}" \
  "${FANSHELF_ORIGIN:-http://127.0.0.1:4000}/v1/carts/$CART_ID/remove?storefront_token=$FANSHELF_STOREFRONT_TOKEN&currency=USD"
