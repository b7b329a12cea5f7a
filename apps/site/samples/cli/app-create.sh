# Locally you are the operator: register your own platform app. The secret and HMAC key are shown once.
npx fanshelf app create --name "My app" --redirect-uri https://app.example.com/fanshelf/callback \
  --scopes order_read,fulfillment_write,webhook_read,webhook_write --json
