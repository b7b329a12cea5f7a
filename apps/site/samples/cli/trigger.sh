# In a second terminal, from the repository root: make events happen for real on the demo shop.
npx fanshelf trigger ORDER_PLACED      # places an order through the checkout service, paid with the test card
npx fanshelf trigger DONATION --json   # receives a donation; --json prints the recorded events and their deliveries
