# Create a giveaway (beta) of one of the shop's products: offerId is the product's id.
curl -sS --fail-with-body -X POST \
  -u "$FANSHELF_API_USER:$FANSHELF_API_PASSWORD" \
  -H 'Content-Type: application/json' \
  -d "{\"offerId\": \"$OFFER_ID\", \"quantity\": 1}" \
  "${FANSHELF_ORIGIN:-http://127.0.0.1:4000}/open-api/v1.0/giveaways/giveaways"
