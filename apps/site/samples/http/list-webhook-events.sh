# The delivery log of one configuration, newest first (50 per page by default).
curl -sS --fail-with-body \
  -u "$FANSHELF_API_USER:$FANSHELF_API_PASSWORD" \
  "${FANSHELF_ORIGIN:-http://127.0.0.1:4000}/open-api/v1.0/webhook-events?webhookConfigurationId=$WEBHOOK_CONFIGURATION_ID"
