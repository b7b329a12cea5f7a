# Updating a disabled configuration enables it again (enabled: true, disabledReason: null).
curl -sS --fail-with-body -X PUT \
  -u "$FANSHELF_API_USER:$FANSHELF_API_PASSWORD" \
  -H 'Content-Type: application/json' \
  -d "{\"url\": \"${WEBHOOK_URL:-https://hooks.example.com/fanshelf}\", \"allowedTypes\": [\"ORDER_PLACED\", \"ORDER_UPDATED\", \"DONATION\"]}" \
  "${FANSHELF_ORIGIN:-http://127.0.0.1:4000}/open-api/v1.0/webhooks/$WEBHOOK_CONFIGURATION_ID"
