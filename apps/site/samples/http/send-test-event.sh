# Queue a test ORDER_PLACED delivery (testMode: true) for one configuration.
curl -sS --fail-with-body \
  -u "$FANSHELF_API_USER:$FANSHELF_API_PASSWORD" \
  -H 'Content-Type: application/json' \
  -d '{"type": "ORDER_PLACED"}' \
  "${FANSHELF_ORIGIN:-http://127.0.0.1:4000}/open-api/v1.0/webhooks/$WEBHOOK_CONFIGURATION_ID/test"
