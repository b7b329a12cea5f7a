import { type Kysely, SqliteAdapter, sql } from 'kysely'

/**
 * PostgreSQL only: `fanshelf_cart_add_one`, the common cart change (units of one variant added to a
 * cart) as one round trip (decision 0048, amendment). SQLite has no functions and no round trips to
 * save: the migration does nothing there.
 *
 * The function does what the cart service's transaction does, in the same order: lock the cart
 * row, then read its lines — each statement of a VOLATILE PL/pgSQL function takes a fresh snapshot
 * under READ COMMITTED, so the lines are read after the lock is held and concurrent adds are not
 * lost. It only ever does the *happy* change: whenever the service would answer an error or do
 * anything else (unknown, other-shop, expired or closed cart, lines of archived products to drop,
 * unknown or unsellable variant, a line over `max_line`, not enough stock, more than `max_lines`
 * lines) it writes nothing and answers `fallback`, and the service runs its ordinary transaction,
 * which decides and words the answer. The bounds are parameters: cart-rules.ts stays their one home.
 *
 * Answers one row: `outcome` ('done' | 'fallback'), `cart` (the cart row as JSON, `updated_at` the
 * change's) and `lines` (a JSON array of the cart's lines in position order: the variant's columns,
 * `product_name`, `product_slug`, `product_state`, `product_access`, `line_quantity`,
 * `line_position` — the shape of `listCartLineDetails`). Every column read is text or integer, so
 * JSON carries the same values the driver would.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) return
  await sql`
    CREATE OR REPLACE FUNCTION fanshelf_cart_add_one(
      p_shop text, p_cart text, p_variant text, p_quantity integer, p_rec_strategy text,
      p_now text, p_expired_at_or_before text, p_max_line integer, p_max_lines integer
    ) RETURNS TABLE (outcome text, cart jsonb, lines jsonb)
    LANGUAGE plpgsql VOLATILE AS $fn$
    DECLARE
      c carts%ROWTYPE;
      current_quantity integer;
      next_quantity integer;
      v_state text;
      v_stock_type text;
      v_in_stock integer;
      line_count integer;
      next_position integer;
    BEGIN
      SELECT * INTO c FROM carts WHERE carts.id = p_cart AND carts.shop_id = p_shop FOR UPDATE;
      IF NOT FOUND OR c.status <> 'OPEN'
         OR c.updated_at::timestamptz <= p_expired_at_or_before::timestamptz THEN
        RETURN QUERY SELECT 'fallback'::text, NULL::jsonb, NULL::jsonb;
        RETURN;
      END IF;
      IF EXISTS (
        SELECT 1 FROM cart_lines l
        JOIN variants v ON v.id = l.variant_id JOIN products p ON p.id = v.product_id
        WHERE l.cart_id = p_cart AND p.access = 'ARCHIVED'
      ) THEN
        RETURN QUERY SELECT 'fallback'::text, NULL::jsonb, NULL::jsonb;
        RETURN;
      END IF;
      SELECT l.quantity, p.state, v.stock_type, v.in_stock
        INTO current_quantity, v_state, v_stock_type, v_in_stock
        FROM cart_lines l JOIN variants v ON v.id = l.variant_id JOIN products p ON p.id = v.product_id
        WHERE l.cart_id = p_cart AND l.variant_id = p_variant;
      IF NOT FOUND THEN
        current_quantity := 0;
        SELECT p.state, v.stock_type, v.in_stock INTO v_state, v_stock_type, v_in_stock
          FROM variants v JOIN products p ON p.id = v.product_id
          WHERE v.id = p_variant AND v.shop_id = p_shop AND p.access <> 'ARCHIVED';
        IF NOT FOUND THEN
          RETURN QUERY SELECT 'fallback'::text, NULL::jsonb, NULL::jsonb;
          RETURN;
        END IF;
      END IF;
      next_quantity := current_quantity + p_quantity;
      SELECT count(*), coalesce(max(l.position) + 1, 0) INTO line_count, next_position
        FROM cart_lines l WHERE l.cart_id = p_cart;
      IF next_quantity <= 0 OR next_quantity > p_max_line
         OR (v_state = 'SOLD_OUT' AND next_quantity > 0)
         OR (v_stock_type = 'LIMITED' AND next_quantity > coalesce(v_in_stock, 0))
         OR line_count + (CASE WHEN current_quantity = 0 THEN 1 ELSE 0 END) > p_max_lines THEN
        RETURN QUERY SELECT 'fallback'::text, NULL::jsonb, NULL::jsonb;
        RETURN;
      END IF;
      IF current_quantity = 0 THEN
        INSERT INTO cart_lines (cart_id, variant_id, shop_id, quantity, position, rec_strategy, created_at, updated_at)
          VALUES (p_cart, p_variant, c.shop_id, next_quantity, next_position, p_rec_strategy, p_now, p_now);
      ELSE
        UPDATE cart_lines SET quantity = next_quantity, updated_at = p_now,
          rec_strategy = coalesce(p_rec_strategy, cart_lines.rec_strategy)
          WHERE cart_lines.cart_id = p_cart AND cart_lines.variant_id = p_variant;
      END IF;
      UPDATE carts SET updated_at = p_now WHERE carts.id = p_cart;
      c.updated_at := p_now;
      RETURN QUERY SELECT 'done'::text, to_jsonb(c), coalesce((
        SELECT jsonb_agg(to_jsonb(v) || jsonb_build_object(
            'product_name', p.name, 'product_slug', p.slug, 'product_state', p.state,
            'product_access', p.access, 'line_quantity', l.quantity, 'line_position', l.position)
          ORDER BY l.position)
        FROM cart_lines l JOIN variants v ON v.id = l.variant_id JOIN products p ON p.id = v.product_id
        WHERE l.cart_id = p_cart), '[]'::jsonb);
    END
    $fn$
  `.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) return
  await sql`DROP FUNCTION IF EXISTS fanshelf_cart_add_one(text, text, text, integer, text, text, text, integer, integer)`.execute(
    db,
  )
}
