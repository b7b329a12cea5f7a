# A "Buy now" link: two of one variant and one of another, a promotion code and the campaign that
# brought the shopper. The shop is the one the host addresses (locally 127.0.0.1 is the demo shop);
# the answer is a redirect to the hosted checkout with a new cart.
curl -sS -o /dev/null -w '%{http_code} %{redirect_url}\n' \
  "${FANSHELF_ORIGIN:-http://127.0.0.1:4000}/cart/checkout?products=$VARIANT_ID:2,$OTHER_VARIANT_ID&coupon=WINTER10&cart_origin=my_site&utm_source=twitch&utm_campaign=winter-drop"
