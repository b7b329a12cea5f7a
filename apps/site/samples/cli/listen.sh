# Forward the demo shop's order and donation deliveries to your receiver (Ctrl+C stops and cleans up).
npx fanshelf listen --forward-to "${FORWARD_TO:-http://127.0.0.1:3000/webhooks}" --events ORDER_PLACED,DONATION
