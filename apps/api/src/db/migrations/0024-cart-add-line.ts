import { type Kysely, SqliteAdapter, sql } from 'kysely'

/**
 * PostgreSQL only: `fanshelf_cart_add_line`, the leaner successor of 0023's `fanshelf_cart_add_one`
 * (decision 0048, second amendment). The same change — units of one variant added to a cart, in one
 * round trip, only when it would succeed — in four statements instead of eight:
 *
 * - the cart's touch *is* its lock: `UPDATE … RETURNING` of an open, unexpired cart of the shop (no
 *   row: nothing written, no answer row: the caller runs its ordinary transaction);
 * - one aggregate over the cart's lines (read after the lock: each statement of a VOLATILE PL/pgSQL
 *   function takes a fresh snapshot under READ COMMITTED, so concurrent adds are not lost) gives the
 *   line count, the next position, whether a line's product was archived, the variant's own line and
 *   stock, and the lines as JSON *before* the change;
 * - the variant's details, only when it is not in the cart yet;
 * - the line's insert or update.
 *
 * When anything would make the service answer differently (a line of an archived product to drop,
 * an unknown or unsellable variant, a line over `max_line`, not enough stock, more than `max_lines`
 * lines) it raises SQLSTATE `FSCA1`, which rolls the touch back; the caller treats that error as
 * "run the ordinary transaction", which decides and words the answer. Those are the cases a shopper
 * gets an error for, so PostgreSQL's log shows one ERROR line per such add.
 *
 * Answers at most one row: `cart` (the touched cart row as JSON), `lines` (the lines before the
 * change, in position order, the shape of `listCartLineDetails`) and `added` (a new line's variant
 * details, `line_position` its position; null when the variant had a line, whose quantity the caller
 * raises). The caller builds the answer's lines from these. 0023's function stays for nodes of the
 * previous version during a rolling upgrade; nothing of this version calls it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) return
  await sql`
    CREATE OR REPLACE FUNCTION fanshelf_cart_add_line(
      p_shop text, p_cart text, p_variant text, p_quantity integer, p_rec_strategy text,
      p_now text, p_expired_at_or_before text, p_max_line integer, p_max_lines integer
    ) RETURNS TABLE (cart jsonb, lines jsonb, added jsonb)
    LANGUAGE plpgsql VOLATILE AS $fn$
    DECLARE
      c carts%ROWTYPE;
      s record;
      n record;
      next_quantity integer;
    BEGIN
      UPDATE carts SET updated_at = p_now
        WHERE carts.id = p_cart AND carts.shop_id = p_shop AND carts.status = 'OPEN'
          AND carts.updated_at::timestamptz > p_expired_at_or_before::timestamptz
        RETURNING * INTO c;
      IF NOT FOUND THEN
        RETURN;
      END IF;
      SELECT count(*)::integer AS line_count, coalesce(max(l.position) + 1, 0) AS next_position,
          coalesce(bool_or(p.access = 'ARCHIVED'), false) AS archived,
          max(l.quantity) FILTER (WHERE l.variant_id = p_variant) AS current_quantity,
          max(p.state) FILTER (WHERE l.variant_id = p_variant) AS state,
          max(v.stock_type) FILTER (WHERE l.variant_id = p_variant) AS stock_type,
          max(v.in_stock) FILTER (WHERE l.variant_id = p_variant) AS in_stock,
          jsonb_agg(to_jsonb(v) || jsonb_build_object(
              'product_name', p.name, 'product_slug', p.slug, 'product_state', p.state,
              'product_access', p.access, 'line_quantity', l.quantity, 'line_position', l.position)
            ORDER BY l.position) AS lines
        INTO s
        FROM cart_lines l JOIN variants v ON v.id = l.variant_id JOIN products p ON p.id = v.product_id
        WHERE l.cart_id = p_cart;
      IF s.archived THEN
        RAISE EXCEPTION USING ERRCODE = 'FSCA1', MESSAGE = 'cart add: the ordinary transaction decides';
      END IF;
      IF s.current_quantity IS NULL THEN
        SELECT p.state, v.stock_type, v.in_stock, to_jsonb(v) || jsonb_build_object(
            'product_name', p.name, 'product_slug', p.slug, 'product_state', p.state,
            'product_access', p.access, 'line_quantity', 0, 'line_position', s.next_position) AS details
          INTO n
          FROM variants v JOIN products p ON p.id = v.product_id
          WHERE v.id = p_variant AND v.shop_id = p_shop AND p.access <> 'ARCHIVED';
        IF NOT FOUND THEN
          RAISE EXCEPTION USING ERRCODE = 'FSCA1', MESSAGE = 'cart add: the ordinary transaction decides';
        END IF;
        next_quantity := p_quantity;
        IF next_quantity <= 0 OR next_quantity > p_max_line OR s.line_count + 1 > p_max_lines
           OR (n.state = 'SOLD_OUT') OR (n.stock_type = 'LIMITED' AND next_quantity > coalesce(n.in_stock, 0)) THEN
          RAISE EXCEPTION USING ERRCODE = 'FSCA1', MESSAGE = 'cart add: the ordinary transaction decides';
        END IF;
        INSERT INTO cart_lines (cart_id, variant_id, shop_id, quantity, position, rec_strategy, created_at, updated_at)
          VALUES (p_cart, p_variant, c.shop_id, next_quantity, s.next_position, p_rec_strategy, p_now, p_now);
        RETURN QUERY SELECT to_jsonb(c), coalesce(s.lines, '[]'::jsonb), n.details;
        RETURN;
      END IF;
      next_quantity := s.current_quantity + p_quantity;
      IF next_quantity <= 0 OR next_quantity > p_max_line
         OR (s.state = 'SOLD_OUT') OR (s.stock_type = 'LIMITED' AND next_quantity > coalesce(s.in_stock, 0)) THEN
        RAISE EXCEPTION USING ERRCODE = 'FSCA1', MESSAGE = 'cart add: the ordinary transaction decides';
      END IF;
      UPDATE cart_lines SET quantity = next_quantity, updated_at = p_now,
          rec_strategy = coalesce(p_rec_strategy, cart_lines.rec_strategy)
        WHERE cart_lines.cart_id = p_cart AND cart_lines.variant_id = p_variant;
      RETURN QUERY SELECT to_jsonb(c), s.lines, NULL::jsonb;
    END
    $fn$
  `.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) return
  await sql`DROP FUNCTION IF EXISTS fanshelf_cart_add_line(text, text, text, integer, text, text, text, integer, integer)`.execute(
    db,
  )
}
