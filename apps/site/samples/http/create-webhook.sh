# Subscribe an endpoint to order and donation events. The answer holds `secret`: store it.
curl -sS --fail-with-body \
  -u "$FANSHELF_API_USER:$FANSHELF_API_PASSWORD" \
  -H 'Content-Type: application/json' \
  -d "{\"url\": \"${WEBHOOK_URL:-https://hooks.example.com/fanshelf}\", \"allowedTypes\": [\"ORDER_PLACED\", \"ORDER_UPDATED\", \"DONATION\"]}" \
  "${FANSHELF_ORIGIN:-http://127.0.0.1:4000}/open-api/v1.0/webhooks"
