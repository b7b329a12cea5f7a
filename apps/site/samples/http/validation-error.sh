# A fulfilment with no items and no tracking company: one 400 lists every invalid field.
curl -sS \
  -u "$FANSHELF_API_USER:$FANSHELF_API_PASSWORD" \
  -H 'Content-Type: application/json' \
  -d '{"orderId": "not-a-uuid", "items": [], "shippingLabel": {"trackingNumber": "1Z999AA10123456784"}}' \
  "${FANSHELF_ORIGIN:-http://127.0.0.1:4000}/open-api/v1.0/fulfillments"
