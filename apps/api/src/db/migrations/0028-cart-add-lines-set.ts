import { type Kysely, SqliteAdapter, sql } from 'kysely'
import { up as createPreviousFunction } from './0027-cart-add-lines.js'

/**
 * PostgreSQL only: `fanshelf_cart_add_lines` (0027) made cheaper per add (decision 0048, eighth
 * amendment). Profiled under the cart-add benchmark, 0027 spent most of its time starting
 * statements, not running them: four statements per add (lock, aggregate, two updates), each with
 * its executor set up and torn down, and the lines' JSON built as `jsonb` (key sorting, then text
 * again for the wire). This version:
 *
 * - first takes, in one statement, every add whose cart occurs once in the call: it locks those
 *   carts (`FOR UPDATE SKIP LOCKED`, as 0027), then — in a second statement, whose fresh snapshot
 *   (READ COMMITTED, VOLATILE function) sees whatever committed before the locks were granted —
 *   raises the variant's existing line and touches the cart for every such add that passes 0027's
 *   checks, answering the lines before the add, all as one set: two statements for the whole call;
 * - leaves everything else to 0027's loop, unchanged but for the JSON: adds to a cart that occurs
 *   more than once (they must see each other's lines, in order), adds of a variant the cart has no
 *   line for, and adds the set refused (an archived line, a limit, stock), which the loop checks
 *   again and leaves to the caller;
 * - builds the JSON as `json` (`row_to_json`, `json_agg`), written once as text.
 *
 * Same arguments, answer columns and JSON fields as 0027 (the driver parses `json` and `jsonb`
 * alike), so a node of the previous version keeps working during a rolling upgrade. The answer type
 * changes, so the function is dropped and created again, in the migration's transaction.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) return
  await sql`DROP FUNCTION fanshelf_cart_add_lines(text[], text[], text[], integer[], text[], text[], text[], integer, integer)`.execute(
    db,
  )
  await sql`
    CREATE FUNCTION fanshelf_cart_add_lines(
      p_shops text[], p_carts text[], p_variants text[], p_quantities integer[], p_rec_strategies text[],
      p_nows text[], p_expired_at_or_before text[], p_max_line integer, p_max_lines integer
    ) RETURNS TABLE (item integer, cart json, lines json, added json)
    LANGUAGE plpgsql VOLATILE SET lock_timeout = '250ms' AS $fn$
    DECLARE
      i integer;
      c carts%ROWTYPE;
      s record;
      n record;
      r record;
      next_quantity integer;
      held text[];
      done integer[] := '{}';
    BEGIN
      -- The set: lock the open, unexpired carts that occur once in the call.
      SELECT coalesce(array_agg(k.id), '{}') INTO held FROM (
        SELECT carts.id FROM carts
          JOIN unnest(p_shops, p_carts, p_expired_at_or_before) AS a(shop_id, cart_id, expired) ON carts.id = a.cart_id
          WHERE carts.shop_id = a.shop_id AND carts.status = 'OPEN'
            AND carts.updated_at::timestamptz > a.expired::timestamptz
            AND (SELECT count(*) FROM unnest(p_carts) AS o(cart_id) WHERE o.cart_id = a.cart_id) = 1
          ORDER BY carts.id
          FOR UPDATE OF carts SKIP LOCKED) k;
      -- Raise their variants' existing lines where every check passes; answer the lines before.
      FOR r IN
        WITH adds AS (
          SELECT a.* FROM unnest(p_carts, p_variants, p_quantities, p_rec_strategies, p_nows)
            WITH ORDINALITY AS a(cart_id, variant_id, quantity, rec_strategy, at, i)
          WHERE a.cart_id = ANY (held)
        ), summary AS (
          SELECT a.i, a.cart_id, a.variant_id, a.quantity, a.rec_strategy, a.at,
            bool_or(p.access = 'ARCHIVED') AS archived,
            max(l.quantity) FILTER (WHERE l.variant_id = a.variant_id) AS current_quantity,
            max(p.state) FILTER (WHERE l.variant_id = a.variant_id) AS state,
            max(v.stock_type) FILTER (WHERE l.variant_id = a.variant_id) AS stock_type,
            max(v.in_stock) FILTER (WHERE l.variant_id = a.variant_id) AS in_stock,
            json_agg(d ORDER BY l.position) AS lines
          FROM adds a JOIN cart_lines l ON l.cart_id = a.cart_id JOIN variants v ON v.id = l.variant_id
            JOIN products p ON p.id = v.product_id,
            LATERAL (SELECT v.*, p.name AS product_name, p.slug AS product_slug, p.state AS product_state,
              p.access AS product_access, l.quantity AS line_quantity, l.position AS line_position) d
          GROUP BY a.i, a.cart_id, a.variant_id, a.quantity, a.rec_strategy, a.at
        ), passed AS (
          SELECT * FROM summary
          WHERE NOT archived AND current_quantity IS NOT NULL
            AND current_quantity + quantity > 0 AND current_quantity + quantity <= p_max_line
            AND state <> 'SOLD_OUT'
            AND NOT (stock_type = 'LIMITED' AND current_quantity + quantity > coalesce(in_stock, 0))
        ), raised AS (
          UPDATE cart_lines SET quantity = passed.current_quantity + passed.quantity, updated_at = passed.at,
              rec_strategy = coalesce(passed.rec_strategy, cart_lines.rec_strategy)
            FROM passed WHERE cart_lines.cart_id = passed.cart_id AND cart_lines.variant_id = passed.variant_id
        ), touched AS (
          UPDATE carts SET updated_at = passed.at FROM passed WHERE carts.id = passed.cart_id RETURNING carts.*
        )
        SELECT passed.i::integer AS i, row_to_json(touched) AS cart, passed.lines
          FROM passed JOIN touched ON touched.id = passed.cart_id
      LOOP
        item := r.i; cart := r.cart; lines := r.lines; added := NULL;
        RETURN NEXT;
        done := done || r.i;
      END LOOP;
      -- The rest, one by one in cart-id order: 0027's loop.
      FOR i IN
        SELECT t.o::integer FROM unnest(p_carts) WITH ORDINALITY AS t(cart_id, o)
          WHERE NOT (t.o::integer = ANY (done)) ORDER BY t.cart_id, t.o
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
            json_agg(d ORDER BY l.position) AS lines
          INTO s
          FROM cart_lines l JOIN variants v ON v.id = l.variant_id JOIN products p ON p.id = v.product_id,
            LATERAL (SELECT v.*, p.name AS product_name, p.slug AS product_slug, p.state AS product_state,
              p.access AS product_access, l.quantity AS line_quantity, l.position AS line_position) d
          WHERE l.cart_id = p_carts[i];
        CONTINUE WHEN s.archived;
        IF s.current_quantity IS NULL THEN
          SELECT p.state, v.stock_type, v.in_stock, row_to_json(d) AS details
            INTO n
            FROM variants v JOIN products p ON p.id = v.product_id,
              LATERAL (SELECT v.*, p.name AS product_name, p.slug AS product_slug, p.state AS product_state,
                p.access AS product_access, 0 AS line_quantity, s.next_position AS line_position) d
            WHERE v.id = p_variants[i] AND v.shop_id = p_shops[i] AND p.access <> 'ARCHIVED';
          CONTINUE WHEN NOT FOUND;
          next_quantity := p_quantities[i];
          CONTINUE WHEN next_quantity <= 0 OR next_quantity > p_max_line OR s.line_count + 1 > p_max_lines
            OR n.state = 'SOLD_OUT' OR (n.stock_type = 'LIMITED' AND next_quantity > coalesce(n.in_stock, 0));
          UPDATE carts SET updated_at = p_nows[i] WHERE carts.id = p_carts[i] RETURNING * INTO c;
          INSERT INTO cart_lines (cart_id, variant_id, shop_id, quantity, position, rec_strategy, created_at, updated_at)
            VALUES (p_carts[i], p_variants[i], c.shop_id, next_quantity, s.next_position, p_rec_strategies[i],
              p_nows[i], p_nows[i]);
          item := i; cart := row_to_json(c); lines := coalesce(s.lines, '[]'::json); added := n.details;
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
        item := i; cart := row_to_json(c); lines := s.lines; added := NULL;
        RETURN NEXT;
      END LOOP;
    END
    $fn$
  `.execute(db)
}

/** Back to 0027's function (its own `up` creates it again). */
export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) return
  await sql`DROP FUNCTION IF EXISTS fanshelf_cart_add_lines(text[], text[], text[], integer[], text[], text[], text[], integer, integer)`.execute(
    db,
  )
  await createPreviousFunction(db)
}
