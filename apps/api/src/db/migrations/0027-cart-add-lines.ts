import { type Kysely, SqliteAdapter, sql } from 'kysely'

/**
 * PostgreSQL only: `fanshelf_cart_add_lines`, 0024's `fanshelf_cart_add_line` for several adds at
 * once (decision 0048, third amendment). Under load the API sends the adds that arrive while
 * earlier ones are in flight as one call: one round trip, one commit and one backend wake-up for
 * all of them, where each cost as much as the add itself.
 *
 * The adds are parallel arrays (item `i` of each), applied in cart-id order (then their order in
 * the arrays). Each add is 0024's change with two differences:
 *
 * - the cart is locked by `SELECT … FOR UPDATE SKIP LOCKED`: a cart another transaction holds (a
 *   checkout, a change, an admin edit) is left to the caller's ordinary transaction, which waits for
 *   it on its own connection — one busy cart never holds up the other adds of the call. Any other
 *   lock wait (a variant row a line's foreign key must share) gives up after `lock_timeout` (250 ms)
 *   and fails the call, whose adds the caller then makes one by one;
 * - the cart is touched only once every check passed, so an add the function does not make writes
 *   nothing and the others go on (0024 raised SQLSTATE `FSCA1` to roll its touch back; here that
 *   would roll back every add of the call).
 *
 * Several adds to one cart see each other's lines, in order, as separate requests would.
 *
 * Answers one row per add it made: `item` (1-based index in the arrays), `cart` (the touched cart
 * row as JSON), `lines` (its lines before this add, in position order) and `added` (a new line's
 * variant details; null when the variant had a line). An add without a row is one the caller's
 * ordinary transaction must decide (an error for the shopper, or nothing to add to). 0024's
 * function stays for nodes of the previous version during a rolling upgrade.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) return
  await sql`
    CREATE OR REPLACE FUNCTION fanshelf_cart_add_lines(
      p_shops text[], p_carts text[], p_variants text[], p_quantities integer[], p_rec_strategies text[],
      p_nows text[], p_expired_at_or_before text[], p_max_line integer, p_max_lines integer
    ) RETURNS TABLE (item integer, cart jsonb, lines jsonb, added jsonb)
    LANGUAGE plpgsql VOLATILE SET lock_timeout = '250ms' AS $fn$
    DECLARE
      i integer;
      c carts%ROWTYPE;
      s record;
      n record;
      next_quantity integer;
    BEGIN
      FOR i IN
        SELECT t.o::integer FROM unnest(p_carts) WITH ORDINALITY AS t(cart_id, o) ORDER BY t.cart_id, t.o
      LOOP
        SELECT * INTO c FROM carts
          WHERE carts.id = p_carts[i] AND carts.shop_id = p_shops[i] AND carts.status = 'OPEN'
            AND carts.updated_at::timestamptz > p_expired_at_or_before[i]::timestamptz
          FOR UPDATE SKIP LOCKED;
        CONTINUE WHEN NOT FOUND;
        SELECT count(*)::integer AS line_count, coalesce(max(l.position) + 1, 0) AS next_position,
            coalesce(bool_or(p.access = 'ARCHIVED'), false) AS archived,
            max(l.quantity) FILTER (WHERE l.variant_id = p_variants[i]) AS current_quantity,
            max(p.state) FILTER (WHERE l.variant_id = p_variants[i]) AS state,
            max(v.stock_type) FILTER (WHERE l.variant_id = p_variants[i]) AS stock_type,
            max(v.in_stock) FILTER (WHERE l.variant_id = p_variants[i]) AS in_stock,
            jsonb_agg(to_jsonb(v) || jsonb_build_object(
                'product_name', p.name, 'product_slug', p.slug, 'product_state', p.state,
                'product_access', p.access, 'line_quantity', l.quantity, 'line_position', l.position)
              ORDER BY l.position) AS lines
          INTO s
          FROM cart_lines l JOIN variants v ON v.id = l.variant_id JOIN products p ON p.id = v.product_id
          WHERE l.cart_id = p_carts[i];
        CONTINUE WHEN s.archived;
        IF s.current_quantity IS NULL THEN
          SELECT p.state, v.stock_type, v.in_stock, to_jsonb(v) || jsonb_build_object(
              'product_name', p.name, 'product_slug', p.slug, 'product_state', p.state,
              'product_access', p.access, 'line_quantity', 0, 'line_position', s.next_position) AS details
            INTO n
            FROM variants v JOIN products p ON p.id = v.product_id
            WHERE v.id = p_variants[i] AND v.shop_id = p_shops[i] AND p.access <> 'ARCHIVED';
          CONTINUE WHEN NOT FOUND;
          next_quantity := p_quantities[i];
          CONTINUE WHEN next_quantity <= 0 OR next_quantity > p_max_line OR s.line_count + 1 > p_max_lines
            OR n.state = 'SOLD_OUT' OR (n.stock_type = 'LIMITED' AND next_quantity > coalesce(n.in_stock, 0));
          UPDATE carts SET updated_at = p_nows[i] WHERE carts.id = p_carts[i] RETURNING * INTO c;
          INSERT INTO cart_lines (cart_id, variant_id, shop_id, quantity, position, rec_strategy, created_at, updated_at)
            VALUES (p_carts[i], p_variants[i], c.shop_id, next_quantity, s.next_position, p_rec_strategies[i],
              p_nows[i], p_nows[i]);
          item := i; cart := to_jsonb(c); lines := coalesce(s.lines, '[]'::jsonb); added := n.details;
          RETURN NEXT;
          CONTINUE;
        END IF;
        next_quantity := s.current_quantity + p_quantities[i];
        CONTINUE WHEN next_quantity <= 0 OR next_quantity > p_max_line
          OR s.state = 'SOLD_OUT' OR (s.stock_type = 'LIMITED' AND next_quantity > coalesce(s.in_stock, 0));
        UPDATE carts SET updated_at = p_nows[i] WHERE carts.id = p_carts[i] RETURNING * INTO c;
        UPDATE cart_lines SET quantity = next_quantity, updated_at = p_nows[i],
            rec_strategy = coalesce(p_rec_strategies[i], cart_lines.rec_strategy)
          WHERE cart_lines.cart_id = p_carts[i] AND cart_lines.variant_id = p_variants[i];
        item := i; cart := to_jsonb(c); lines := s.lines; added := NULL;
        RETURN NEXT;
      END LOOP;
    END
    $fn$
  `.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) return
  await sql`DROP FUNCTION IF EXISTS fanshelf_cart_add_lines(text[], text[], text[], integer[], text[], text[], text[], integer, integer)`.execute(
    db,
  )
}
