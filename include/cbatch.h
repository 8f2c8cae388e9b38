/* cbatch.h - public API of cbatch: overlap, signed distance, contacts and sweeps of circles against axis-aligned boxes, oriented boxes and circles, and exact overlap, squared distance and contacts in integer coordinates; one against many, all pairs, a set against itself, prepared grids and candidate pairs; SIMD backends chosen at run time, bit-identical on every backend. */
#ifndef CBATCH_H
#define CBATCH_H

/*
 * NAMES AND ARGUMENTS
 * -------------------
 * Every query function is named by one rule:
 *
 *     cb_<form>_<query>[_<one>_<many>][_aos][_<output>]
 *
 *   form      batch        one shape against n elements
 *             pairs        every circle of a set against m elements: the
 *                          overlapping pairs (i, j), with a cursor
 *             candidates   the (circle i, element j) pairs a broad phase lists
 *   query     overlap, distance, contacts, sweep (SWEPT CIRCLES)
 *   one_many  the two sides, in the order the arguments take them; left out
 *             for each form's default, a circle (batch) or a set of circles
 *             (pairs, candidates) against boxes. A single shape is singular,
 *             a set plural:
 *               batch       circle_circles, circle_oboxes, box_circles,
 *                           obox_circles
 *               pairs       circles_circles, circles_oboxes, circles_self
 *                           (the set against itself, pairs i < j),
 *                           circles_grid (against a cb_grid built beforehand),
 *                           circles_grid_self (a set prepared as a cb_grid,
 *                           against itself)
 *               candidates  circles_circles
 *             The integer shapes (INTEGER COORDINATES below) are always
 *             named: icircle_iboxes, ibox_icircles, icircle_icircles
 *             (batch); icircles_iboxes, icircles_icircles (pairs,
 *             candidates); icircles_self, icircles_grid, icircles_grid_self
 *             (pairs).
 *             A sweep is named as the circle it moves: cb_batch_sweep
 *             (against boxes), sweep_circle_circles, sweep_circle_oboxes,
 *             sweep_box_circles (moving circles against one box); a set of
 *             sweeps as circles: cb_pairs_sweep_first,
 *             cb_pairs_sweep_circles_circles_first,
 *             cb_pairs_sweep_circles_grid_first, cb_candidates_sweep,
 *             cb_candidates_sweep_circles_circles
 *   _aos      the elements are an array of structs (batch; default: SoA)
 *   output    none for the query's own output (overlap: a bitmask, or for
 *             pairs a list of pairs; distance: one float per element;
 *             contacts: records); idx, the ascending indices of the hits
 *             (overlap, batch and candidates); matrix, a bit matrix (overlap,
 *             pairs); hits, every hit's record, and first, the first hit's
 *             (sweep; pairs: each sweep's)
 *
 * So "the distance from one circle to many circles, AoS" is
 * cb_batch_distance_circle_circles_aos, and "many circles against one
 * oriented box, indices" is cb_batch_overlap_obox_circles_idx.
 *
 * Arguments, in this order for every query:
 *   1. the one side: a single shape by value (cb_circle, cb_box, cb_obox,
 *      cb_icircle, cb_ibox, cb_sweep), or the set, const cb_circle_soa
 *      *circles (or const cb_icircle_soa *, const cb_sweep_soa *), size_t
 *      n_circles
 *   2. the many side: the elements by pointer and their count (batch: n;
 *      pairs and candidates: m), a const cb_grid * alone (circles_grid), or
 *      nothing (circles_self)
 *   3. what the form adds: pairs, cb_pair_cursor *cursor; candidates,
 *      const cb_pair *candidates, size_t n
 *   4. the query's parameter: contacts, float margin (not for the integer
 *      shapes: add a margin to the radius)
 *   5. the output, by pointer; a list's capacity after it (pairs)
 *   6. pairs against elements (not a grid): void *scratch
 *   7. unsigned flags
 * and returns size_t: the hits, elements, records or pairs written, or
 * CB_INVALID. Every query is also an entry of the table at the end of this
 * header (cb_entry_*), described by the same parts.
 *
 * The other functions: the converters (cb_box_from_*, cb_boxes_from_*,
 * cb_obox_from_*, cb_oboxes_from_*), cb_rotation(s), the validators
 * (cb_validate_*), the prepared grids (cb_grid_*) and the pairs' scratch
 * size, and the backend choice (cb_set_backend, cb_active_backend, ...).
 *
 * THE FLOAT CONTRACT
 * ------------------
 * Every backend (scalar, SSE, AVX2, AVX-512, NEON, SIMD128) evaluates, for a circle
 * (cx, cy, r) and a box (x0, y0, x1, y1) = (min_x, min_y, max_x, max_y),
 * exactly these IEEE-754 binary32 operations, each rounded to nearest-even,
 * with no fused multiply-add and no wider intermediate precision:
 *
 *     MAX(a, b) := (a > b) ? a : b      first operand wins only when it is
 *     MIN(a, b) := (a < b) ? a : b      strictly greater / strictly less
 *
 *     px = MIN(MAX(cx, x0), x1)         (x86 maxps(cx, x0), then minps(., x1))
 *     py = MIN(MAX(cy, y0), y1)
 *     dx = cx - px
 *     dy = cy - py
 *     d2 = (dx * dx) + (dy * dy)        two rounded products, one rounded sum
 *     r2 = r * r
 *     hit = d2 <= r2                    flags == 0 (touching counts: default)
 *     hit = d2 <  r2                    flags & CB_STRICT (touching does not count)
 *
 * MIN/MAX are the x86 minps/maxps meaning: when either operand is NaN, or both
 * are zeros of any sign, the SECOND operand is returned. The comparisons are
 * ordered: any NaN makes them false (no hit).
 *
 * What the answer means
 *  - Well-formed input (all coordinates finite, x0 <= x1, y0 <= y1, r finite
 *    and >= 0): (px, py) is exactly the point of the box nearest the centre,
 *    so the answer is "the closed disc meets the closed box" (CB_STRICT: "the
 *    open disc meets the closed box"), up to the rounding of the three
 *    products and two differences/sums. That rounding can only matter when
 *    the exact squared distance D and the exact r*r are within a relative
 *    6 * 2^-24 of the larger of them (while dx*dx, dy*dy and r*r neither
 *    underflow nor overflow); elsewhere the answer is exact. When dx, dy and r
 *    are small integers (or any values whose squares and sum are exactly
 *    representable in binary32), the answer is exact, touching included.
 *    Far from the origin, large coordinates make dx and dy coarse: that is a
 *    property of binary32 input, not of the library.
 *  - Any other input (NaN or infinite coordinates, inverted boxes, negative or
 *    NaN radius, denormals, values whose squares overflow): the answer is
 *    still defined by the expression above, so every backend returns the
 *    same bits, but it need not mean anything geometric. Notable cases:
 *      * a NaN in the circle (cx, cy or r) never hits;
 *      * a negative radius behaves as its absolute value (r*r is used);
 *      * r = +inf hits every box whose d2 is not NaN in the default mode;
 *      * a NaN box coordinate does NOT make the box miss: MAX(cx, NaN)
 *        returns NaN and MIN(NaN, x1) returns x1. Reject such data with
 *        cb_validate_* if it can come from an untrusted source.
 *  - Denormal inputs and results are honoured (no flushing).
 *
 * Circle against circle (the circle_circles queries): for the single circle
 * (cx, cy, r) and an element circle (ox, oy, ro), the same rules (binary32,
 * nearest-even, no FMA, no wider precision) and exactly these operations:
 *
 *     dx = cx - ox
 *     dy = cy - oy
 *     d2 = (dx * dx) + (dy * dy)        two rounded products, one rounded sum
 *     s  = r + ro
 *     s2 = s * s
 *     hit = d2 <= s2                    flags == 0 (touching counts)
 *     hit = d2 <  s2                    flags & CB_STRICT
 *
 *  - Well-formed input (finite coordinates, finite radii >= 0): the answer
 *    is "the closed discs meet" (CB_STRICT: "the open discs meet"), up to
 *    rounding, which can only matter when the exact squared centre distance
 *    and the exact (r + ro)^2 are within a relative 8 * 2^-24 of the larger
 *    of them (while the squares neither underflow nor overflow); with small
 *    integers (values whose differences, sums and squares are exact in
 *    binary32) the answer is exact, touching included.
 *  - Any other input is still defined by the expression above: a NaN
 *    anywhere never hits; negative radii are summed as given (r = -1 and
 *    ro = 2 give s = 1), so validate radii with cb_validate_circles.
 *
 * SIGNED DISTANCE AND CONTACTS (the distance and contacts queries)
 * ----------------------------------------------------------------
 * The same rules again (binary32, nearest-even, no FMA, no wider precision),
 * plus SQRT and division, both IEEE correctly rounded (never a reciprocal or
 * reciprocal-square-root estimate). |x| clears the sign bit. For a circle
 * (cx, cy, r) and a box, with px, py, dx, dy exactly as in the overlap
 * contract (so (px, py) is the point of the box nearest the centre):
 *
 *     ax = |dx|,  ay = |dy|
 *     m  = MAX(ax, ay)
 *   centre outside the box (m > 0):
 *     when 2^-50 <= m <= 2^50 (the squares neither underflow nor overflow):
 *       d2     = (dx * dx) + (dy * dy)   as in the overlap contract
 *       dist   = SQRT(d2)                the distance from the centre to the box
 *       normal = (dx / dist, dy / dist)  = delta / |delta|
 *     otherwise (offsets below 2^-50 or above 2^50; a NaN m also lands here):
 *       t      = MIN(ax, ay) / m
 *       l      = SQRT(1 + (t * t))       l is in [1, sqrt 2]
 *       dist   = m * l
 *       normal = ((dx / m) / l, (dy / m) / l)
 *     separation = dist - r
 *     point      = (px, py)              exact: on the box's boundary
 *     feature    = CB_FEATURE_CORNER when dx != 0 and dy != 0, else CB_FEATURE_FACE
 *   centre inside the box or on its boundary (m == 0, an ordered compare:
 *   a NaN m takes the formulas above):
 *     lx = cx - x0,  hx = x1 - cx,  ly = cy - y0,  hy = y1 - cy
 *     the nearest face: b = lx (face -x); then for +x (hx), -y (ly), +y (hy)
 *     in that order, a face's distance d replaces b when d < b (ordered: a
 *     NaN never replaces, and ties, the exact centre included, keep the
 *     earlier face: -x, then +x, then -y); with b the final distance:
 *     separation = 0 - (b + r)
 *     normal     = (-1, 0), (1, 0), (0, -1) or (0, 1): out through that face
 *     point      = (x0, cy), (x1, cy), (cx, y0) or (cx, y1): on that face
 *     feature    = CB_FEATURE_INSIDE
 *
 * Which form a pair takes depends on its own m only (never on its
 * neighbours in the batch, nor on the backend). The form scaled by m keeps
 * everything finite and the normal of unit length where the squares of dx
 * and dy would underflow or overflow. The normal
 * points from the box toward the circle's centre: the direction in which to
 * move the circle. The minimum translation vector that separates a
 * penetrating pair is normal * (0 - separation); moving the circle by it
 * leaves it touching the box.
 *
 * Circle against circle, for the single circle (cx, cy, r) and an element
 * circle (ox, oy, ro): dx = cx - ox, dy = cy - oy, ax, ay, m, dist and
 * normal as above (either form), s = r + ro, and
 *     separation = dist - s
 *     point      = (ox + (nx * ro), oy + (ny * ro))   on the element circle
 *     feature    = CB_FEATURE_FACE
 *   coincident centres (m == 0): normal = (1, 0), separation = 0 - s,
 *   point by the same formula, feature = CB_FEATURE_INSIDE.
 *
 * Which elements the contact functions report: with margin (>= 0, finite)
 * and d2 computed exactly as in the overlap contracts,
 *     circle vs box:     rm = r + margin;         reported when d2 <= rm * rm
 *     circle vs circle:  rm = (r + ro) + margin;  reported when d2 <= rm * rm
 * (d2 < rm * rm with CB_STRICT). With margin 0, rm equals r (or r + ro)
 * exactly, so the reported set is exactly the overlap query's hit set, for
 * any input. For well-formed input it means separation <= margin, up to the
 * rounding of the squares.
 *
 * A NaN in any float result is the default quiet NaN, bits 0x7FC00000, on
 * every backend (so malformed input also gives the same bits everywhere).
 *
 * Well-formed input for these queries: as for overlap (finite, min <= max,
 * radii >= 0), with every coordinate and radius, and the margin, at most
 * 2^125 in magnitude, so that every difference and sum above is finite.
 * Then no result is NaN or infinite and, with u = 2^-24, "ulp" the spacing of
 * binary32 numbers at the magnitude named and "exact" the geometry of the
 * binary32 inputs without rounding (bounds derived from the rounding of each
 * operation, and for the scaled form an exhaustive scan of t; asserted on
 * every backend by tests/test_contacts.c; the derivation and the worst
 * cases measured are in docs/contacts.md):
 *  - normal: each component within 3 u of the exact direction of the binary32
 *    (dx, dy), and within 4 u of the exact direction from the nearest point
 *    (the one rounding of dx and dy added; none when cx and px, cy and py are
 *    within a factor 2 of each other); |normal| within 3 u of 1 (so a
 *    component may exceed 1 by an ulp). Inside a box and for
 *    coincident centres the normal is exact.
 *  - separation: within 3.3 ulp of max(dist, r) of the exact separation
 *    (circles: 3.8 ulp of max(dist, r + ro)); centre inside a box: within
 *    1.5 ulp of max(b, r), b the distance to the nearest face.
 *  - point: for boxes exact, on a side of the box; for circles each coordinate
 *    within 5.5 ulp of max(|o|, ro) (o that coordinate of the other centre) of
 *    the exact o + ro * delta / |delta|, and its distance from o within 5.2
 *    ulp of max(|ox|, |oy|, ro) of ro (not within an ulp of the
 *    coordinate itself: o + n * ro can cancel).
 *  - moving the circle by normal * (0 - separation) leaves its distance from
 *    the box r (circles: r + ro) within 12 ulp of the separation's scale
 *    (circles 12.5).
 * The contact functions select on the squares, as the overlap contracts: while
 * d2 and rm * rm neither underflow nor overflow (dist and rm between about
 * 2^-63 and 2^63), an element is reported when the exact separation is below
 * the margin and not when it is above, except when the exact squared distance
 * and the exact rm^2 are within a relative 8 u (circles 10 u) of the larger
 * (a few ulps of the distance). Outside that range the squares decide,
 * whatever the separation: both inf (reported) or both 0 (reported, and not
 * with CB_STRICT).
 *
 * ORIENTED BOXES (the circle_oboxes and obox_circles queries)
 * -----------------------------------------------------------
 * For a circle (px, py, r) and an oriented box (cx, cy, hx, hy, c, s), the
 * circle's centre is first carried into the box's frame, by the same rules
 * (binary32, nearest-even, no FMA, each parenthesis rounded):
 *
 *     ex = px - cx,  ey = py - cy
 *     lx = (ex * c) + (ey * s)
 *     ly = (ey * c) - (ex * s)
 *
 * then the axis-aligned contracts run, unchanged, on the circle (lx, ly, r)
 * and the box (x0, y0, x1, y1) = (-hx, -hy, hx, hy) (the signs flipped,
 * exactly): overlap as in THE FLOAT CONTRACT; distance, contacts, the inside
 * case and the selection by margin as in SIGNED DISTANCE AND CONTACTS. That
 * gives the separation and feature, and in the box's frame a normal
 * (mx, my) and point (qx, qy), which are carried back:
 *
 *     normal = ((mx * c) - (my * s),  (mx * s) + (my * c))
 *     point  = (cx + ((qx * c) - (qy * s)),  cy + ((qx * s) + (qy * c)))
 *
 * So with (c, s) = (1, 0) the answers are those of the axis-aligned box
 * [cx - hx, cx + hx] x [cy - hy, cy + hy] whenever cx - hx and cx + hx (and
 * so on) are exact, bit for bit but for the sign of a zero: the frame's
 * sums make +0 of a -0 input the axis-aligned contract keeps (a circle at
 * x = -0.0 against a box centred at 0 gets a contact point x of +0 here,
 * -0 from its axis-aligned twin); with (0, 1), the hits and distances are
 * those of the box with hx and hy swapped, and the contacts too except for
 * the sign of a zero normal component and, inside, the choice among faces
 * at equal distance (the face order is the box's own: -x, +x, -y, +y of
 * its frame).
 * A NaN result is 0x7FC00000, as above. (c, s) is used as given: it should
 * be a unit pair (cb_rotation makes one; cb_validate_oboxes checks); any
 * other pair still gives the same bits on every backend.
 *
 * Well-formed: finite, hx >= 0, hy >= 0, |c*c + s*s - 1| <= 2^-20, and
 * every coordinate, half-extent and radius (and the margin) at most 2^124 in
 * magnitude. Then no result is NaN or infinite and, against the exact
 * geometry of the binary32 inputs with the rotation made unit, (c, s) / rho,
 * rho = |(c, s)| (u = 2^-24, ulp as above; E = max(|ex|, |ey|) and |e|, the
 * circle's offset from the box's centre, and dist, its distance from the
 * box, all exact), each bound for any well-formed (c, s), then for
 * cb_rotation's pairs (|rho - 1| <= 1.05 u) and the exact turns (derived
 * from the operations above and the axis-aligned bounds; asserted on every
 * backend by tests/test_oriented.c; the derivation and the worst inputs
 * measured are in docs/oriented.md):
 *  - the frame: lx and ly each within 2.9 ulp(E) + |rho - 1| |e|; 4.4
 *    ulp(E). It is a few ulps of the distance from the box's CENTRE, not
 *    from the box, and what follows inherits it:
 *  - separation: within 6.8 ulp(S) + |rho - 1| |e|, S = max(dist, r, E)
 *    (inside, max(b, r, E)); 8.3 ulp(S).
 *  - normal: each component within 6.5 u + |rho - 1| + 2 epsv / (2 dist -
 *    epsv), epsv = 3.5 ulp(E) + |rho - 1| |e|; 10 (u + ulp(E) / dist):
 *    a circle close to a long box, far from its centre, gets a normal turned
 *    by about ulp(E) / dist. |normal| within 5.5 u + |rho - 1| of 1; 6.5 u.
 *    Inside, the normal is exactly (-c, -s), (c, s), (s, -c) or
 *    (-s, c) (out through -x, +x, -y, +y of the box's frame) for a face that
 *    is nearest up to the frame's rounding.
 *  - point: each coordinate within 8.4 ulp(M) + |rho - 1| (|e| + |q|),
 *    M = max(|cx|, |cy|, E, hx, hy), q the point in the frame; 11.4 ulp(M).
 *  - overlap: the exact answer unless |dist - r| <= epsv + 6 u (max(dist, r)
 *    + epsv); within 15 u max(dist, r, E) (while dist and r are 0 or
 *    between 2^-59 and 2^59).

 * INTEGER COORDINATES (the icircle and ibox queries)
 * --------------------------------------------------
 * Circles and boxes of int32 coordinates (cb_icircle, cb_ibox): every
 * answer is exact integer geometry, with no rounding and no error band, so
 * the same bits on every backend, every CPU and in every float mode (the
 * one float step, a filter, only ever gives exact verdicts, below: these
 * queries skip the float-environment guard). For a circle (cx, cy, r) and a box (x0, y0, x1, y1), in exact
 * integer arithmetic:
 *
 *     px = MIN(MAX(cx, x0), x1)          signed int32, so px = cx when x0 <= cx <= x1
 *     py = MIN(MAX(cy, y0), y1)
 *     dx = |cx - px|,  dy = |cy - py|    0 .. 2^32 - 1
 *     d2 = dx^2 + dy^2                   0 .. 2^65 - 2^34 + 2
 *     hit = r >= 0 and d2 <= r^2         (CB_STRICT: d2 < r^2)
 *
 * Circle against circle, (cx, cy, r) and an element (ox, oy, ro):
 *
 *     dx = |cx - ox|,  dy = |cy - oy|,  d2 = dx^2 + dy^2,  s = r + ro
 *     hit = r >= 0 and ro >= 0 and d2 <= s^2   (CB_STRICT: d2 < s^2)
 *
 * For a well-formed box (x0 <= x1, y0 <= y1) (px, py) is the point of the
 * box nearest the centre and the answer is "the closed disc meets the
 * closed box" (CB_STRICT: the open disc), touching decided exactly. A
 * negative radius never hits (cb_validate_icircles reports it); an
 * inverted box gets the answer of the formulas above.
 *
 * No overflow, for any int32 input whatsoever. The kernels evaluate these
 * predicates in unsigned 32- and 64-bit lanes and never form a number that
 * does not fit:
 *  - |a - b| of two int32 is at most 2^32 - 1: it is MAX(a, b) - MIN(a, b)
 *    taken modulo 2^32, exact as an unsigned 32-bit number.
 *  - s = r + ro of two radii >= 0 is at most 2^32 - 2: exact modulo 2^32
 *    (a box's reach is r itself, at most 2^31 - 1).
 *  - If dx > s or dy > s the pair misses (d2 >= dx^2 > s^2): decided on 32
 *    bits before anything is squared.
 *  - Otherwise dx, dy <= s < 2^32, so dx^2, dy^2 and s^2 each fit in 64
 *    bits, as does s^2 - dx^2 >= 0, and the hit is dy^2 <= s^2 - dx^2
 *    (CB_STRICT: <): d2 <= s^2 rearranged so that the sum, which can need
 *    65 bits, is never formed. 32 x 32 -> 64-bit unsigned products are
 *    what every instruction set has (SSE2 pmuludq, AVX2, AVX-512, NEON
 *    umull, WebAssembly i64x2.extmul_low_i32x4_u).
 *  - For speed, the kernels first decide most pairs with a binary32 filter
 *    (where s < 2^31): d2 and s^2 computed in floats are each within a
 *    relative 2^-20 of the exact values in any rounding mode, so a float d2
 *    below s^2 (1 - 2^-19) is surely a hit and one above s^2 (1 + 2^-19)
 *    surely a miss; every other pair (touching, or within 2^-19 of it)
 *    takes the exact comparison above. Each answer is the exact one either
 *    way, so neither the float mode nor the backend can change it.
 *
 * Squared distances (the distance queries, a cb_int_distances): for each
 * element, d2 as above and the point it is measured to: (px, py) for a box
 * (the centre itself when it is inside or on the box, d2 = 0), the element
 * circle's centre (ox, oy) for circles; for the box_icircles queries, the
 * element circle's centre against the single box. d2 needs 65 bits at
 * most: when it is 2^64 or more (both dx and dy above 2^31.5) the value
 * written is UINT64_MAX. Every reach is below that (r^2 < 2^62, s^2 <=
 * (2^32 - 2)^2), so "d2 <= r^2" (or s^2) on the written value is still
 * exactly the overlap test.
 *
 * Contacts (the contacts queries, a cb_int_contacts): one record per hit of
 * the overlap query (the same elements, ascending; these queries take no
 * margin: add one to the radius, within int32). Circle against box:
 *   centre outside the box (dx or dy > 0):
 *     point = (px, py), d2 as above, depth = 0,
 *     feature = CB_FEATURE_CORNER when dx != 0 and dy != 0, else FACE
 *   centre inside the box or on its boundary (dx = dy = 0):
 *     lx = cx - x0,  hx = x1 - cx,  ly = cy - y0,  hy = y1 - cy  modulo 2^32,
 *     compared as unsigned (exact, >= 0, for a well-formed box)
 *     the nearest face: b = lx (face -x); then for +x (hx), -y (ly), +y
 *     (hy) in that order, a face's distance replaces b when strictly
 *     smaller (the float query's tie-break: -x, then +x, then -y);
 *     point = (x0, cy), (x1, cy), (cx, y0) or (cx, y1), on that face,
 *     depth = b (exact; the penetration is b + r), d2 = b^2,
 *     feature = CB_FEATURE_INSIDE
 * Circle against circle: point = (ox, oy), d2 as above, depth = 0,
 * feature = CB_FEATURE_INSIDE when the centres coincide, else FACE.
 * In every record d2 is the squared distance from the centre to the point.
 *
 * Forms: the batch queries, the candidate pairs (a set of integer circles
 * against integer boxes or circles, cb_candidates_*_icircles_*) and all
 * pairs (cb_pairs_*_icircles_*: against integer boxes, integer circles, the
 * set itself, or a grid of integer elements; below the float all-pairs
 * functions). Every form gives each pair the answer of the batch query of
 * circle i against element j, bit for bit.
 *
 * Fixed point. Coordinates in any fixed-point format Qm.f (value = integer
 * / 2^f; Q16.16: f = 16), the same f for every coordinate and radius, go
 * through these queries unchanged: every predicate compares squares of
 * differences, which all scale by the same 2^2f, so the hits are those of
 * the real-valued geometry, exactly. Points are in the input's format; d2
 * is in units of 2^-2f (a Q16.16 d2 of v is v / 2^32 squared units).
 * examples/fixed_point.c shows it.
 *
 * SWEPT CIRCLES (the sweep queries: the time of first contact)
 * A sweep (cb_sweep: x, y, r, dx, dy) is the circle (x, y, r) moving by
 * the displacement (dx, dy): at time t in [0, 1] its centre is (x + t dx,
 * y + t dy). The sweep queries give, for each element, the time of first
 * contact t, or CB_SWEEP_MISS (2.0f) when the moving circle does not touch
 * the element for any t in [0, 1]. r = 0 is a ray (or segment) cast from
 * (x, y) to (x + dx, y + dy). The rules of THE FLOAT CONTRACT (binary32,
 * nearest-even, no FMA, no wider precision, MIN/MAX as there) and these
 * operations, for a box (x0, y0, x1, y1):
 *
 *   1. The start: the overlap contract of the circle (x, y, r) and the box,
 *      with the call's flags. It hits: t = 0.
 *   2. Else dx == 0 and dy == 0: a miss.
 *   3. Else the box grown by R = ABS(r), an inverted side taken as its max
 *      (as the overlap clamp takes it): u0 = MIN(x0, x1), v0 = MIN(y0, y1),
 *        lx = u0 - R,  hx = x1 + R,  ly = v0 - R,  hy = y1 + R
 *      and the times it spans on each axis (x shown; y alike), i = 1 / dx:
 *        i finite:    a = (lx - x) * i,  b = (hx - x) * i,
 *                     ex = MIN(a, b),  fx = MAX(a, b)
 *        i infinite:  (dx is 0, or below 2^-128 in magnitude: no motion on
 *                     the axis) ex = -inf, fx = +inf when lx <= x <= hx;
 *                     else ex = +inf
 *      e = MAX(MAX(ex, ey), 0),  f = MIN(MIN(fx, fy), 1); a miss unless
 *      e <= f, and a miss when x1 or y1 is a NaN.
 *   4. The entry point qx = x + (e * dx), qy = y + (e * dy). Unless it is
 *      past the box on both axes ((qx < u0 or qx > x1) and (qy < v0 or
 *      qy > y1)), t = e: the circle meets a face first.
 *   5. Else it meets the corner k (kx = u0 when qx < u0, else x1; ky alike)
 *      first, or nothing. The path scaled by s = 1 / MAX(MAX(ABS(dx),
 *      ABS(dy)), R) (the roots do not depend on the scale, and a path that
 *      reaches a corner keeps every square below 9): ux = dx * s, uy = dy *
 *      s, rs = R * s, A = (ux * ux) + (uy * uy), iA = 1 / A; mx = (x - kx)
 *      * s, my = (y - ky) * s;
 *        B = (mx * ux) + (my * uy),  C = (mx * uy) - (my * ux),
 *        D = (A * (rs * rs)) - (C * C)
 *      (D: A rs^2 less the squared distance of the path's line from k,
 *      times A; no large terms cancel). A miss unless D >= 0; else q =
 *      SQRT(D), t0 = (-B - q) * iA, t1 = (-B + q) * iA: t = MAX(t0, 0)
 *      when 0 <= t0 <= 1 (+0 for a product rounded to -0), t = 0 when
 *      t0 < 0 <= t1, else a miss.
 * Circle against circle (the sweep_circle_circles queries), for an element
 * circle (ox, oy, ro): 1. the circles' overlap contract with the call's
 * flags: t = 0; 2. as above; then step 5 with k = (ox, oy) and R =
 * ABS(r + ro) (so s, and with it A and iA, are the element's).
 * Against an oriented box (the sweep_circle_oboxes queries), (cx, cy, hx,
 * hy, c, s): the sweep carried into the box's frame, its centre (lx, ly) as
 * ORIENTED BOXES carries a circle's and its displacement by the same turn,
 *   ldx = (dx * c) + (dy * s),  ldy = (dy * c) - (dx * s)
 * then steps 1 to 5 above for the sweep (lx, ly, r, ldx, ldy) and the box
 * (-hx, -hy, hx, hy) (so step 2 reads the turned displacement).
 *
 *  - Meaning, for well-formed input (every magnitude 0 or in [2^-60, 2^60],
 *    x0 <= x1, y0 <= y1, radii >= 0; an oriented box's hx, hy >= 0 and its
 *    (c, s) a unit pair as ORIENTED BOXES says, |c*c + s*s - 1| <= 2^-20, of
 *    any magnitude: the range is not c's and s's, so 0, tiny and denormal
 *    components are well-formed): the box grown by R with its corners rounded
 *    is where the centre touches the box, and the steps find where the path
 *    first enters it. Rounding moves the answer by a distance, not a time: with
 *    S = |x| + |y| + R + |dx| + |dy| + |x0| + |y0| + |x1| + |y1| (circles:
 *    |ox| + |oy| in place of the box), a hit at t > 0 has the exact distance
 *    from (x + t dx, y + t dy) to the box within 2^-20 S of R, a hit at t = 0
 *    starts within 2^-20 S of touching; and whenever the exact path goes deeper
 *    than 2^-20 S into the grown, rounded box (the circle penetrates the box by
 *    more than that) at some time t', the query reports a hit with t <= t': no
 *    tunnelling, however thin the box and however far the circle moves; but
 *    with CB_STRICT a point that does not move (R = 0, dx = dy = 0) is a miss
 *    wherever it lies, deep inside included, as the strict overlap of a point
 *    never hits. Grazing (touching the rounded box without entering it by more
 *    than 2^-20 S) may be reported either way. Sliding along a face at exactly
 *    R is such a graze: mostly a hit, at most 2^-23 S of travel (a few ulps of
 *    t) after the time the centre reaches the face's span, but a miss where
 *    step 5 at the face's first corner rounds D below 0. (Measured: the worst
 *    seen is below 2^-23 S; docs/testing.md says how.) Against an oriented box,
 *    S has |cx| + |cy| + hx + hy in place of the box's corners and the band is
 *    2^-18 S + |rho - 1| (|e| + |d|) (rho = |(c, s)|, e the start's offset from
 *    the box's centre, d the displacement): the frame's sums are up to twice S,
 *    and its rounding moves the centre by a few ulps of |e|; a turn that is not
 *    a unit one moves the answer by the rest (below 2^-23 S for cb_rotation's
 *    pairs).
 *  - CB_STRICT changes step 1 only, so that dx = dy = 0 gives exactly the
 *    overlap query's hits under either flag.
 *  - Against a box a negative radius acts as its absolute value (as in the
 *    overlap contract); against a circle the reach is |r + ro| (as the
 *    circles' overlap contract squares r + ro). A NaN in x, y, r, dx or dy
 *    is a miss; so is a box with a NaN in max_x or max_y (after step 3: the
 *    overlap contract never lets it hit; a NaN min acts as the max, as the
 *    clamp takes it), and an element circle or oriented box with a NaN in
 *    any field. Against an oriented box the rule reads the turned sweep: a
 *    NaN in lx, ly, ldx or ldy is a miss, even from a start that overlaps
 *    the box. So an infinite dx or dy is a miss where it meets a zero c or
 *    s (inf * 0) or an infinite term of the other sign (inf - inf), though
 *    the overlap query hits at the start (and, for (c, s) = (1, 0), the
 *    axis-aligned twin gives t = 0). Every time written (t, and a hit
 *    record's t) is in [0, 1] or CB_SWEEP_MISS, never a NaN, whatever the
 *    input.
 *
 * Hit records (the _hits and _first functions; a cb_sweep_hits). An element
 * is hit when its t above is in [0, 1]. Its record: the centre at impact
 *   cx = x + (t * dx),  cy = y + (t * dy)
 * and the CONTACTS contract (SIGNED DISTANCE AND CONTACTS) of the circle
 * (cx, cy, r) against the element: its normal, point and feature (its
 * separation is not written; t is). So a circle that starts overlapping has
 * t = 0 and exactly the contact query's normal, point and feature; a hit at
 * t > 0 has its centre within the stated band of touching, the normal from
 * the element toward it and the point on the element's boundary, FACE or
 * CORNER (INSIDE when the centre at impact lies on the box, as a ray's
 * does). For well-formed input the normal is a unit vector and the point
 * a number. For other input they are still the contact contract's values
 * at the centre at impact, so they may be infinite or a NaN (0x7FC00000 on
 * every backend, as there): an infinite or overflowing coordinate, say,
 * gives a NaN normal. t never is a NaN.
 *  - _hits: every hit, in ascending index order; returns their count.
 *  - _first: the hit with the least t, the lowest index among equal times;
 *    returns 1, or 0 when nothing is hit (nothing written). Reduced inside
 *    the kernel: no per-element array is written or needed.
 * Both refuse (CB_INVALID) n > CB_INDEX_MAX_N, as the index lists do.
 *
 * The host program's floating-point environment
 *  The query functions and the converters evaluate the contract in the
 *  default environment whatever the caller has set (the raw kernels reached
 *  through cb_entry_kernel do not; the validators use integer
 *  tests on the float bits, which no mode affects): on x86 (x86-64, and
 *  32-bit x86, where the library needs SSE2 and does its float arithmetic
 *  in SSE registers, never x87) they read MXCSR and,
 *  only when flush-to-zero, denormals-are-zero or a non-nearest rounding mode
 *  is set, switch to round-to-nearest with denormals honoured for the
 *  duration of the call and restore the caller's MXCSR before returning
 *  (exception masks and sticky flags are preserved as the caller had them,
 *  except that flags raised inside the call may be set); the flag
 *  CB_TRUST_FENV skips this check for callers who guarantee the default
 *  environment themselves. On AArch64 the same
 *  is done with FPCR.FZ, FPCR.RMode and FPCR.AH/FIZ, and on Armv7 (hard-float,
 *  scalar backend: Armv7 NEON always flushes denormals, so it is not used)
 *  with FPSCR.FZ and FPSCR.RMode, keeping FPSCR's flags. So a game that runs
 *  with FTZ/DAZ gets exactly the same hits as one that does not. The raw
 *  kernels do not do this: they run in the caller's environment (on one x86
 *  machine every raw kernel still agrees with the others under FTZ/DAZ and
 *  any rounding mode, because each operation obeys MXCSR the same way).
 *  WebAssembly has no float environment to set: its arithmetic always
 *  rounds to nearest-even and keeps denormals, so there the contract holds
 *  for every call, raw kernels included, and the guard does nothing.
 *  RISC-V (F and D extensions) has no flush-to-zero mode, denormals are
 *  always kept; its dynamic rounding mode (fcsr.frm) is switched to
 *  nearest-even and back the same way, the exception flags left alone.
 *  On other architectures the library uses the scalar backend and the
 *  caller's environment as it is.
 *
 * Box formats
 *  Boxes are min/max. The converters below turn the formats of the per-pair
 *  baselines (docs/baselines.md) into it; the conversion rounds once per
 *  coordinate and is part of the contract:
 *    centre + half-extents: min = c - h, max = c + h
 *    corner + size:         min = (x, y), max = (x + w, y + h)
 *  A NaN result is a NaN on every CPU, but its payload and sign are not
 *  specified (x86 and Arm propagate NaN operands by different rules). No hit
 *  ever depends on a NaN's payload or sign, so the hits stay identical.
 *
 * Memory
 *  Pointers need no alignment. Arrays are read at indices 0 .. n-1 only and
 *  outputs written only within the sizes stated, whatever n is. n == 0 is
 *  valid with any pointers (NULL included) and writes nothing.
 *
 * Threads
 *  Every function may be called from any number of threads at once. The
 *  backend is chosen on first use (once, without locks); cb_set_backend may
 *  be called at any time, and a call running in another thread finishes on
 *  the backend it started with. All backends give identical results, so a
 *  switch never changes an answer.
 */

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
 * CB_API marks every function of the library's interface.
 *  - Windows (MinGW-w64, MSVC, clang; any compiler that defines _WIN32):
 *      building the DLL: the library's build defines CB_BUILDING_DLL, so
 *        the functions are __declspec(dllexport) and the DLL exports exactly
 *        them (meson.build does this; nothing else may define it);
 *      using the DLL (the default): __declspec(dllimport), so calls go
 *        straight through the import table;
 *      using the static library: define CB_STATIC before including this
 *        header (meson's cbatch_static_dep and `pkg-config --cflags
 *        cbatch-static` pass -DCB_STATIC): neither attribute.
 *  - Elsewhere, with GCC or Clang: default visibility (the library is built
 *    with hidden visibility, so exactly these functions are exported from
 *    the shared library); CB_STATIC changes nothing. Other compilers:
 *    nothing.
 */
#if defined(_WIN32)
#if defined(CB_BUILDING_DLL)
#define CB_API __declspec(dllexport)
#elif defined(CB_STATIC)
#define CB_API
#else
#define CB_API __declspec(dllimport)
#endif
#elif defined(__GNUC__) || defined(__clang__)
#define CB_API __attribute__((visibility("default")))
#else
#define CB_API
#endif

/* ---------------------------------------------------------------- types */

/** A circle: centre (x, y), radius r. */
typedef struct cb_circle {
    float x, y, r;
} cb_circle;

/** An axis-aligned box given by its minimum and maximum corners. */
typedef struct cb_box {
    float min_x, min_y, max_x, max_y;
} cb_box;

/** n boxes as structure of arrays: box i is (min_x[i], min_y[i], max_x[i], max_y[i]). */
typedef struct cb_box_soa {
    const float *min_x, *min_y, *max_x, *max_y;
} cb_box_soa;

/** n circles as structure of arrays: circle i is (x[i], y[i], r[i]). */
typedef struct cb_circle_soa {
    const float *x, *y, *r;
} cb_circle_soa;

/** A box as centre + half-extents. */
typedef struct cb_box_center {
    float cx, cy, hx, hy;
} cb_box_center;

/** A box as minimum corner + width/height (in y-down screen space, the top-left corner). */
typedef struct cb_box_corner {
    float x, y, w, h;
} cb_box_corner;

/**
 * An oriented box: centre (cx, cy), half-extents (hx, hy) along its own axes,
 * and its rotation as the pair (c, s) = (cos, sin) of its angle (see
 * cb_rotation): the box's x axis points along (c, s), its y axis along
 * (-s, c). (c, s) = (1, 0) is the axis-aligned box [cx - hx, cx + hx] x
 * [cy - hy, cy + hy]. See ORIENTED BOXES for what the queries compute.
 */
typedef struct cb_obox {
    float cx, cy, hx, hy, c, s;
} cb_obox;

/** n oriented boxes as structure of arrays: box i is (cx[i], cy[i], hx[i], hy[i], c[i], s[i]). */
typedef struct cb_obox_soa {
    const float *cx, *cy, *hx, *hy, *c, *s;
} cb_obox_soa;

/** A sweep: the circle (x, y, r) moving by (dx, dy) over t in [0, 1] (SWEPT CIRCLES). */
typedef struct cb_sweep {
    float x, y, r, dx, dy;
} cb_sweep;

/** n sweeps as structure of arrays. */
typedef struct cb_sweep_soa {
    const float *x, *y, *r, *dx, *dy;
} cb_sweep_soa;

/** What a sweep query writes for an element the moving circle does not touch. */
#define CB_SWEEP_MISS 2.0f

/**
 * Where the sweep's hit functions write (SWEPT CIRCLES, "Hit records"):
 * hit k (k < the returned count) is element index[k], ascending, touched
 * first at time t[k] in [0, 1], with the unit normal at impact (from the
 * element toward the moving circle), the contact point on the element and
 * the feature (a cb_feature). The _hits functions need room for n entries
 * in every array, the _first functions for 1. Entries past the returned
 * count are unspecified. The members are cb_contacts' order, t where the
 * separation is.
 */
typedef struct cb_sweep_hits {
    uint32_t *index;
    float *normal_x, *normal_y;
    float *t;
    float *point_x, *point_y;
    uint8_t *feature;
} cb_sweep_hits;

/* Integer shapes (INTEGER COORDINATES): exact answers, no rounding. */

/** An integer circle: centre (x, y), radius r (well-formed: r >= 0). */
typedef struct cb_icircle {
    int32_t x, y, r;
} cb_icircle;

/** An integer axis-aligned box, minimum and maximum corners (well-formed: min <= max). */
typedef struct cb_ibox {
    int32_t min_x, min_y, max_x, max_y;
} cb_ibox;

/** n integer boxes as structure of arrays. */
typedef struct cb_ibox_soa {
    const int32_t *min_x, *min_y, *max_x, *max_y;
} cb_ibox_soa;

/** n integer circles as structure of arrays. */
typedef struct cb_icircle_soa {
    const int32_t *x, *y, *r;
} cb_icircle_soa;

/** An integer rectangle as SDL has it: corner (x, y), width w, height h (the box [x, x + w] x [y, y + h]). */
typedef struct cb_irect {
    int32_t x, y, w, h;
} cb_irect;

/** An integer box as centre + half-extents. */
typedef struct cb_ibox_center {
    int32_t cx, cy, hx, hy;
} cb_ibox_center;

/** The kind of a shape, or of what a query's many side is. */
typedef enum cb_shape {
    CB_SHAPE_CIRCLE = 0, /**< cb_circle */
    CB_SHAPE_BOX = 1,    /**< cb_box (min/max) */
    CB_SHAPE_OBOX = 2,   /**< cb_obox (oriented box) */
    CB_SHAPE_GRID = 3,   /**< pairs: a cb_grid of one element shape (cb_grid_elements) */
    CB_SHAPE_SELF = 4,   /**< pairs: the set itself (pairs i < j) */
    CB_SHAPE_ICIRCLE = 5, /**< cb_icircle (integer) */
    CB_SHAPE_IBOX = 6,    /**< cb_ibox (integer min/max) */
    CB_SHAPE_SWEEP = 7,   /**< cb_sweep (a moving circle) */
    CB_SHAPE_GRID_SELF = 8 /**< pairs: a set prepared as a cb_grid, against itself (pairs i < j) */
} cb_shape;

/** Flags of the query functions (bitwise OR). */
enum {
    CB_TOUCH = 0u,  /**< default: distance == r is a hit (d2 <= r2) */
    CB_STRICT = 1u, /**< touching is not a hit (d2 < r2) */
    /**
     * The caller promises that the float environment is the default one
     * (round to nearest, no FTZ/DAZ, no FPCR.FZ), so the query function skips
     * reading the control register. That read is a slow instruction on some
     * CPUs (x86 stmxcsr is microcoded) and can cost as much as a whole small
     * batch: worth skipping for small batches in hot loops. If the promise is
     * broken, the results follow the caller's mode and may differ from other
     * machines.
     */
    CB_TRUST_FENV = 2u
};

/** Returned by the query functions for invalid arguments; nothing has been written then. */
#define CB_INVALID ((size_t)-1)

/** The largest n the index-list functions accept: every index must fit in uint32_t.
 *  With a 32-bit size_t (i386, Armv7) it exceeds SIZE_MAX: no n is refused for it. */
#define CB_INDEX_MAX_N ((uint64_t)UINT32_MAX + 1u)

/** Status codes. 0 is success. */
typedef enum cb_status {
    CB_OK = 0,
    CB_ERR_UNKNOWN_BACKEND = 1, /**< the name is not one of cb_backend_name()'s */
    CB_ERR_NOT_COMPILED = 2,    /**< that backend is not in this build (other ISA, or disabled) */
    CB_ERR_UNSUPPORTED_CPU = 3, /**< compiled in, but this CPU or OS cannot run it */
    CB_ERR_INVALID_ARG = 4      /**< a NULL or out-of-range argument */
} cb_status;

/** Backends, in ascending order of preference within an architecture. */
typedef enum cb_backend {
    CB_BACKEND_SCALAR = 0,
    CB_BACKEND_SSE = 1,    /**< x86 SSE2 (every x86-64 CPU; a 32-bit x86 build requires it) */
    CB_BACKEND_AVX2 = 2,   /**< x86 AVX2 + POPCNT, OS saves YMM */
    CB_BACKEND_AVX512 = 3, /**< x86 AVX-512F + POPCNT, OS saves ZMM and opmask */
    CB_BACKEND_NEON = 4,   /**< AArch64 Advanced SIMD */
    CB_BACKEND_SIMD128 = 5, /**< WebAssembly SIMD128, in a module built with it (no relaxed SIMD) */
    CB_BACKEND_COUNT = 6
} cb_backend;

/** Why a malformed box or circle was rejected (cb_validate_*). */
typedef enum cb_fault {
    CB_FAULT_NONE = 0,
    CB_FAULT_NAN = 1,      /**< a coordinate or the radius is NaN */
    CB_FAULT_INFINITE = 2, /**< a coordinate or the radius is +-inf */
    CB_FAULT_INVERTED = 3, /**< min_x > max_x or min_y > max_y; an oriented box: hx < 0 or hy < 0;
                                an integer rect or centre box: a negative size */
    CB_FAULT_NEGATIVE_RADIUS = 4,
    CB_FAULT_NOT_UNIT = 5, /**< an oriented box's (c, s): c * c + s * s differs from 1 by more than 2^-20 */
    CB_FAULT_OVERFLOW = 6  /**< an integer box's corner would not fit in int32 (cb_iboxes_from_*) */
} cb_fault;

/* -------------------------------------------------------------- batches */

/*
 * The batch queries: one shape against n elements.
 *  - n: the number of elements. 0 is valid with any pointers.
 *  - flags: 0, or CB_STRICT and/or CB_TRUST_FENV. Other bits are reserved:
 *    CB_INVALID.
 *  - Bitmask output (overlap): bit (i % 64) of mask[i / 64] is set when
 *    element i hits. The caller provides (n + 63) / 64 words; every word is
 *    written, and the bits past n in the last word are written as zero.
 *  - Index output (_idx): idx receives the ascending indices of the hits;
 *    the caller provides room for n entries (the worst case). Entries past
 *    the returned count are unspecified (they may have been written).
 *  - Distance output: dist[i] receives the separation of element i (the
 *    signed distance: negative inside); returns n. CB_STRICT is accepted
 *    and has no effect.
 *  - Contact output: the records of the elements within margin (a
 *    cb_contacts whose arrays have room for n); margin finite and >= 0.
 *    The integer queries write a cb_int_distances (every element) or a
 *    cb_int_contacts (every hit) and take no margin.
 *  - Return: the number of hits (or records; distance: n), or CB_INVALID
 *    (nothing written) when n > 0 and any input or output pointer is NULL,
 *    when flags has unknown bits, for an index or contact query when n >
 *    CB_INDEX_MAX_N, or for a contact query when margin is negative,
 *    infinite or NaN.
 *  - The inputs are never written; outputs must not overlap the inputs or
 *    each other.
 */

/** What a contact's separation and normal were measured to. */
typedef enum cb_feature {
    CB_FEATURE_FACE = 0,   /**< a side of the box (or the other circle's boundary) */
    CB_FEATURE_CORNER = 1, /**< a corner of the box */
    CB_FEATURE_INSIDE = 2  /**< the centre is inside the box (or on it), or the centres coincide */
} cb_feature;

/**
 * Where the contact functions write: contact k (k < the returned count) is
 * element index[k], ascending, with its unit normal (from the box or other
 * circle toward the query circle), separation (negative when they
 * penetrate), contact point on the box's boundary (or on the other circle)
 * and feature (a cb_feature). Every array has room for n entries; entries
 * past the returned count are unspecified. SoA, so each array can feed a
 * vector loop. Minimum translation vector of contact k:
 * (normal_x[k], normal_y[k]) * (0 - separation[k]).
 */
typedef struct cb_contacts {
    uint32_t *index;
    float *normal_x, *normal_y;
    float *separation;
    float *point_x, *point_y;
    uint8_t *feature;
} cb_contacts;

/* overlap */
/** Overlap: one circle against n boxes (SoA), bitmask. */
CB_API size_t cb_batch_overlap(cb_circle circle, const cb_box_soa *boxes, size_t n, uint64_t *mask,
                               unsigned flags);
/** Overlap: one circle against n boxes (AoS), bitmask. */
CB_API size_t cb_batch_overlap_aos(cb_circle circle, const cb_box *boxes, size_t n, uint64_t *mask,
                                   unsigned flags);
/** Overlap: one circle against n boxes (SoA), ascending indices of the hits. */
CB_API size_t cb_batch_overlap_idx(cb_circle circle, const cb_box_soa *boxes, size_t n,
                                   uint32_t *idx, unsigned flags);
/** Overlap: one circle against n boxes (AoS), ascending indices of the hits. */
CB_API size_t cb_batch_overlap_aos_idx(cb_circle circle, const cb_box *boxes, size_t n,
                                       uint32_t *idx, unsigned flags);
/** Overlap: one circle against n circles (SoA), bitmask. */
CB_API size_t cb_batch_overlap_circle_circles(cb_circle circle, const cb_circle_soa *circles,
                                              size_t n, uint64_t *mask, unsigned flags);
/** Overlap: one circle against n circles (AoS), bitmask. */
CB_API size_t cb_batch_overlap_circle_circles_aos(cb_circle circle, const cb_circle *circles,
                                                  size_t n, uint64_t *mask, unsigned flags);
/** Overlap: one circle against n circles (SoA), ascending indices of the hits. */
CB_API size_t cb_batch_overlap_circle_circles_idx(cb_circle circle, const cb_circle_soa *circles,
                                                  size_t n, uint32_t *idx, unsigned flags);
/** Overlap: one circle against n circles (AoS), ascending indices of the hits. */
CB_API size_t cb_batch_overlap_circle_circles_aos_idx(cb_circle circle, const cb_circle *circles,
                                                      size_t n, uint32_t *idx, unsigned flags);
/** Overlap: one circle against n oriented boxes (SoA), bitmask. */
CB_API size_t cb_batch_overlap_circle_oboxes(cb_circle circle, const cb_obox_soa *oboxes, size_t n,
                                             uint64_t *mask, unsigned flags);
/** Overlap: one circle against n oriented boxes (AoS), bitmask. */
CB_API size_t cb_batch_overlap_circle_oboxes_aos(cb_circle circle, const cb_obox *oboxes, size_t n,
                                                 uint64_t *mask, unsigned flags);
/** Overlap: one circle against n oriented boxes (SoA), ascending indices of the hits. */
CB_API size_t cb_batch_overlap_circle_oboxes_idx(cb_circle circle, const cb_obox_soa *oboxes,
                                                 size_t n, uint32_t *idx, unsigned flags);
/** Overlap: one circle against n oriented boxes (AoS), ascending indices of the hits. */
CB_API size_t cb_batch_overlap_circle_oboxes_aos_idx(cb_circle circle, const cb_obox *oboxes,
                                                     size_t n, uint32_t *idx, unsigned flags);
/** Overlap: one box against n circles (SoA), bitmask. */
CB_API size_t cb_batch_overlap_box_circles(cb_box box, const cb_circle_soa *circles, size_t n,
                                           uint64_t *mask, unsigned flags);
/** Overlap: one box against n circles (AoS), bitmask. */
CB_API size_t cb_batch_overlap_box_circles_aos(cb_box box, const cb_circle *circles, size_t n,
                                               uint64_t *mask, unsigned flags);
/** Overlap: one box against n circles (SoA), ascending indices of the hits. */
CB_API size_t cb_batch_overlap_box_circles_idx(cb_box box, const cb_circle_soa *circles, size_t n,
                                               uint32_t *idx, unsigned flags);
/** Overlap: one box against n circles (AoS), ascending indices of the hits. */
CB_API size_t cb_batch_overlap_box_circles_aos_idx(cb_box box, const cb_circle *circles, size_t n,
                                                   uint32_t *idx, unsigned flags);
/** Overlap: one oriented box against n circles (SoA), bitmask. */
CB_API size_t cb_batch_overlap_obox_circles(cb_obox obox, const cb_circle_soa *circles, size_t n,
                                            uint64_t *mask, unsigned flags);
/** Overlap: one oriented box against n circles (AoS), bitmask. */
CB_API size_t cb_batch_overlap_obox_circles_aos(cb_obox obox, const cb_circle *circles, size_t n,
                                                uint64_t *mask, unsigned flags);
/** Overlap: one oriented box against n circles (SoA), ascending indices of the hits. */
CB_API size_t cb_batch_overlap_obox_circles_idx(cb_obox obox, const cb_circle_soa *circles,
                                                size_t n, uint32_t *idx, unsigned flags);
/** Overlap: one oriented box against n circles (AoS), ascending indices of the hits. */
CB_API size_t cb_batch_overlap_obox_circles_aos_idx(cb_obox obox, const cb_circle *circles,
                                                    size_t n, uint32_t *idx, unsigned flags);

/* distance */
/** Distance: one circle against n boxes (SoA), the separation of each. */
CB_API size_t cb_batch_distance(cb_circle circle, const cb_box_soa *boxes, size_t n, float *dist,
                                unsigned flags);
/** Distance: one circle against n boxes (AoS), the separation of each. */
CB_API size_t cb_batch_distance_aos(cb_circle circle, const cb_box *boxes, size_t n, float *dist,
                                    unsigned flags);
/** Distance: one circle against n circles (SoA), the separation of each. */
CB_API size_t cb_batch_distance_circle_circles(cb_circle circle, const cb_circle_soa *circles,
                                               size_t n, float *dist, unsigned flags);
/** Distance: one circle against n circles (AoS), the separation of each. */
CB_API size_t cb_batch_distance_circle_circles_aos(cb_circle circle, const cb_circle *circles,
                                                   size_t n, float *dist, unsigned flags);
/** Distance: one circle against n oriented boxes (SoA), the separation of each. */
CB_API size_t cb_batch_distance_circle_oboxes(cb_circle circle, const cb_obox_soa *oboxes, size_t n,
                                              float *dist, unsigned flags);
/** Distance: one circle against n oriented boxes (AoS), the separation of each. */
CB_API size_t cb_batch_distance_circle_oboxes_aos(cb_circle circle, const cb_obox *oboxes, size_t n,
                                                  float *dist, unsigned flags);
/** Distance: one box against n circles (SoA), the separation of each. */
CB_API size_t cb_batch_distance_box_circles(cb_box box, const cb_circle_soa *circles, size_t n,
                                            float *dist, unsigned flags);
/** Distance: one box against n circles (AoS), the separation of each. */
CB_API size_t cb_batch_distance_box_circles_aos(cb_box box, const cb_circle *circles, size_t n,
                                                float *dist, unsigned flags);
/** Distance: one oriented box against n circles (SoA), the separation of each. */
CB_API size_t cb_batch_distance_obox_circles(cb_obox obox, const cb_circle_soa *circles, size_t n,
                                             float *dist, unsigned flags);
/** Distance: one oriented box against n circles (AoS), the separation of each. */
CB_API size_t cb_batch_distance_obox_circles_aos(cb_obox obox, const cb_circle *circles, size_t n,
                                                 float *dist, unsigned flags);

/* contacts */
/** Contacts: one circle against n boxes (SoA), the contacts within margin. */
CB_API size_t cb_batch_contacts(cb_circle circle, const cb_box_soa *boxes, size_t n, float margin,
                                cb_contacts *out, unsigned flags);
/** Contacts: one circle against n boxes (AoS), the contacts within margin. */
CB_API size_t cb_batch_contacts_aos(cb_circle circle, const cb_box *boxes, size_t n, float margin,
                                    cb_contacts *out, unsigned flags);
/** Contacts: one circle against n circles (SoA), the contacts within margin. */
CB_API size_t cb_batch_contacts_circle_circles(cb_circle circle, const cb_circle_soa *circles,
                                               size_t n, float margin, cb_contacts *out,
                                               unsigned flags);
/** Contacts: one circle against n circles (AoS), the contacts within margin. */
CB_API size_t cb_batch_contacts_circle_circles_aos(cb_circle circle, const cb_circle *circles,
                                                   size_t n, float margin, cb_contacts *out,
                                                   unsigned flags);
/** Contacts: one circle against n oriented boxes (SoA), the contacts within margin. */
CB_API size_t cb_batch_contacts_circle_oboxes(cb_circle circle, const cb_obox_soa *oboxes, size_t n,
                                              float margin, cb_contacts *out, unsigned flags);
/** Contacts: one circle against n oriented boxes (AoS), the contacts within margin. */
CB_API size_t cb_batch_contacts_circle_oboxes_aos(cb_circle circle, const cb_obox *oboxes, size_t n,
                                                  float margin, cb_contacts *out, unsigned flags);
/** Contacts: one box against n circles (SoA), the contacts within margin. */
CB_API size_t cb_batch_contacts_box_circles(cb_box box, const cb_circle_soa *circles, size_t n,
                                            float margin, cb_contacts *out, unsigned flags);
/** Contacts: one box against n circles (AoS), the contacts within margin. */
CB_API size_t cb_batch_contacts_box_circles_aos(cb_box box, const cb_circle *circles, size_t n,
                                                float margin, cb_contacts *out, unsigned flags);
/** Contacts: one oriented box against n circles (SoA), the contacts within margin. */
CB_API size_t cb_batch_contacts_obox_circles(cb_obox obox, const cb_circle_soa *circles, size_t n,
                                             float margin, cb_contacts *out, unsigned flags);
/** Contacts: one oriented box against n circles (AoS), the contacts within margin. */
CB_API size_t cb_batch_contacts_obox_circles_aos(cb_obox obox, const cb_circle *circles, size_t n,
                                                 float margin, cb_contacts *out, unsigned flags);

/* integer coordinates (INTEGER COORDINATES): overlap, squared distances, contacts */

/**
 * Where the integer distance functions write: for every element i, d2[i]
 * the exact squared distance from the centre to (point_x[i], point_y[i]),
 * the nearest point of a box or the other circle's centre (UINT64_MAX when
 * it is 2^64 or more). Each array has room for n entries.
 */
typedef struct cb_int_distances {
    uint64_t *d2;
    int32_t *point_x, *point_y;
} cb_int_distances;

/**
 * Where the integer contact functions write: record k (k < the returned
 * count) is element index[k], ascending, with its point (on the box's
 * boundary: the nearest point, or inside on the nearest face; the other
 * circle's centre), d2 the squared distance from the centre to the point,
 * depth (inside a box: the distance to the nearest face, exact; else 0)
 * and feature (a cb_feature). Every array has room for n entries; entries
 * past the returned count are unspecified.
 */
typedef struct cb_int_contacts {
    uint32_t *index;
    int32_t *point_x, *point_y;
    uint64_t *d2;
    uint32_t *depth;
    uint8_t *feature;
} cb_int_contacts;

/** Overlap: one integer circle against n integer boxes (SoA), bitmask. */
CB_API size_t cb_batch_overlap_icircle_iboxes(cb_icircle icircle, const cb_ibox_soa *iboxes,
                                              size_t n, uint64_t *mask, unsigned flags);
/** Overlap: one integer circle against n integer boxes (AoS), bitmask. */
CB_API size_t cb_batch_overlap_icircle_iboxes_aos(cb_icircle icircle, const cb_ibox *iboxes,
                                                  size_t n, uint64_t *mask, unsigned flags);
/** Overlap: one integer circle against n integer boxes (SoA), ascending indices. */
CB_API size_t cb_batch_overlap_icircle_iboxes_idx(cb_icircle icircle, const cb_ibox_soa *iboxes,
                                                  size_t n, uint32_t *idx, unsigned flags);
/** Overlap: one integer circle against n integer boxes (AoS), ascending indices. */
CB_API size_t cb_batch_overlap_icircle_iboxes_aos_idx(cb_icircle icircle, const cb_ibox *iboxes,
                                                      size_t n, uint32_t *idx, unsigned flags);
/** Overlap: one integer box against n integer circles (SoA), bitmask. */
CB_API size_t cb_batch_overlap_ibox_icircles(cb_ibox ibox, const cb_icircle_soa *icircles,
                                             size_t n, uint64_t *mask, unsigned flags);
/** Overlap: one integer box against n integer circles (AoS), bitmask. */
CB_API size_t cb_batch_overlap_ibox_icircles_aos(cb_ibox ibox, const cb_icircle *icircles,
                                                 size_t n, uint64_t *mask, unsigned flags);
/** Overlap: one integer box against n integer circles (SoA), ascending indices. */
CB_API size_t cb_batch_overlap_ibox_icircles_idx(cb_ibox ibox, const cb_icircle_soa *icircles,
                                                 size_t n, uint32_t *idx, unsigned flags);
/** Overlap: one integer box against n integer circles (AoS), ascending indices. */
CB_API size_t cb_batch_overlap_ibox_icircles_aos_idx(cb_ibox ibox, const cb_icircle *icircles,
                                                     size_t n, uint32_t *idx, unsigned flags);
/** Overlap: one integer circle against n integer circles (SoA), bitmask. */
CB_API size_t cb_batch_overlap_icircle_icircles(cb_icircle icircle,
                                                const cb_icircle_soa *icircles, size_t n,
                                                uint64_t *mask, unsigned flags);
/** Overlap: one integer circle against n integer circles (AoS), bitmask. */
CB_API size_t cb_batch_overlap_icircle_icircles_aos(cb_icircle icircle, const cb_icircle *icircles,
                                                    size_t n, uint64_t *mask, unsigned flags);
/** Overlap: one integer circle against n integer circles (SoA), ascending indices. */
CB_API size_t cb_batch_overlap_icircle_icircles_idx(cb_icircle icircle,
                                                    const cb_icircle_soa *icircles, size_t n,
                                                    uint32_t *idx, unsigned flags);
/** Overlap: one integer circle against n integer circles (AoS), ascending indices. */
CB_API size_t cb_batch_overlap_icircle_icircles_aos_idx(cb_icircle icircle,
                                                        const cb_icircle *icircles, size_t n,
                                                        uint32_t *idx, unsigned flags);
/** Squared distances: one integer circle to n integer boxes (SoA); returns n. */
CB_API size_t cb_batch_distance_icircle_iboxes(cb_icircle icircle, const cb_ibox_soa *iboxes,
                                               size_t n, cb_int_distances *out, unsigned flags);
/** Squared distances: one integer circle to n integer boxes (AoS); returns n. */
CB_API size_t cb_batch_distance_icircle_iboxes_aos(cb_icircle icircle, const cb_ibox *iboxes,
                                                   size_t n, cb_int_distances *out,
                                                   unsigned flags);
/** Squared distances: n integer circles' centres to one integer box (SoA); returns n. */
CB_API size_t cb_batch_distance_ibox_icircles(cb_ibox ibox, const cb_icircle_soa *icircles,
                                              size_t n, cb_int_distances *out, unsigned flags);
/** Squared distances: n integer circles' centres to one integer box (AoS); returns n. */
CB_API size_t cb_batch_distance_ibox_icircles_aos(cb_ibox ibox, const cb_icircle *icircles,
                                                  size_t n, cb_int_distances *out, unsigned flags);
/** Squared centre distances: one integer circle to n integer circles (SoA); returns n. */
CB_API size_t cb_batch_distance_icircle_icircles(cb_icircle icircle,
                                                 const cb_icircle_soa *icircles, size_t n,
                                                 cb_int_distances *out, unsigned flags);
/** Squared centre distances: one integer circle to n integer circles (AoS); returns n. */
CB_API size_t cb_batch_distance_icircle_icircles_aos(cb_icircle icircle,
                                                     const cb_icircle *icircles, size_t n,
                                                     cb_int_distances *out, unsigned flags);
/** Contacts: one integer circle against n integer boxes (SoA), a record per hit. */
CB_API size_t cb_batch_contacts_icircle_iboxes(cb_icircle icircle, const cb_ibox_soa *iboxes,
                                               size_t n, cb_int_contacts *out, unsigned flags);
/** Contacts: one integer circle against n integer boxes (AoS), a record per hit. */
CB_API size_t cb_batch_contacts_icircle_iboxes_aos(cb_icircle icircle, const cb_ibox *iboxes,
                                                   size_t n, cb_int_contacts *out,
                                                   unsigned flags);
/** Contacts: one integer box against n integer circles (SoA), a record per hit. */
CB_API size_t cb_batch_contacts_ibox_icircles(cb_ibox ibox, const cb_icircle_soa *icircles,
                                              size_t n, cb_int_contacts *out, unsigned flags);
/** Contacts: one integer box against n integer circles (AoS), a record per hit. */
CB_API size_t cb_batch_contacts_ibox_icircles_aos(cb_ibox ibox, const cb_icircle *icircles,
                                                  size_t n, cb_int_contacts *out, unsigned flags);
/** Contacts: one integer circle against n integer circles (SoA), a record per hit. */
CB_API size_t cb_batch_contacts_icircle_icircles(cb_icircle icircle,
                                                 const cb_icircle_soa *icircles, size_t n,
                                                 cb_int_contacts *out, unsigned flags);
/** Contacts: one integer circle against n integer circles (AoS), a record per hit. */
CB_API size_t cb_batch_contacts_icircle_icircles_aos(cb_icircle icircle,
                                                     const cb_icircle *icircles, size_t n,
                                                     cb_int_contacts *out, unsigned flags);

/*
 * Sweeps (SWEPT CIRCLES): the moving circle against n elements, t[i] the
 * time of first contact with element i in [0, 1], or CB_SWEEP_MISS.
 * t has room for n floats. Return: n, or CB_INVALID as the batch queries.
 * The _hits functions write a record per element hit (SWEPT CIRCLES, Hit
 * records) and return their count; the _first functions the record of
 * the first hit, returning 1, or 0 when nothing is hit.
 */
/** Sweep: a moving circle against n boxes (SoA), every box's time of first contact. */
CB_API size_t cb_batch_sweep(cb_sweep sweep, const cb_box_soa *boxes, size_t n, float *t,
                             unsigned flags);
/** Sweep: a moving circle against n boxes (AoS). */
CB_API size_t cb_batch_sweep_aos(cb_sweep sweep, const cb_box *boxes, size_t n, float *t,
                                 unsigned flags);
/** Sweep: a moving circle against n circles (SoA), every circle's time of first contact. */
CB_API size_t cb_batch_sweep_circle_circles(cb_sweep sweep, const cb_circle_soa *circles,
                                            size_t n, float *t, unsigned flags);
/** Sweep: a moving circle against n circles (AoS). */
CB_API size_t cb_batch_sweep_circle_circles_aos(cb_sweep sweep, const cb_circle *circles,
                                                size_t n, float *t, unsigned flags);
/** Sweep: a moving circle against n oriented boxes (SoA), every box's time of first contact. */
CB_API size_t cb_batch_sweep_circle_oboxes(cb_sweep sweep, const cb_obox_soa *oboxes, size_t n,
                                           float *t, unsigned flags);
/** Sweep: a moving circle against n oriented boxes (AoS). */
CB_API size_t cb_batch_sweep_circle_oboxes_aos(cb_sweep sweep, const cb_obox *oboxes, size_t n,
                                               float *t, unsigned flags);
/** Sweep: a moving circle against n boxes (SoA), a record per box it hits (Hit records). */
CB_API size_t cb_batch_sweep_hits(cb_sweep sweep, const cb_box_soa *boxes, size_t n,
                                  cb_sweep_hits *hits, unsigned flags);
/** Sweep: a moving circle against n boxes (AoS), a record per box it hits. */
CB_API size_t cb_batch_sweep_aos_hits(cb_sweep sweep, const cb_box *boxes, size_t n,
                                      cb_sweep_hits *hits, unsigned flags);
/** Sweep: a moving circle against n circles (SoA), a record per circle it hits. */
CB_API size_t cb_batch_sweep_circle_circles_hits(cb_sweep sweep, const cb_circle_soa *circles,
                                                 size_t n, cb_sweep_hits *hits,
                                                 unsigned flags);
/** Sweep: a moving circle against n circles (AoS), a record per circle it hits. */
CB_API size_t cb_batch_sweep_circle_circles_aos_hits(cb_sweep sweep, const cb_circle *circles,
                                                     size_t n, cb_sweep_hits *hits,
                                                     unsigned flags);
/** Sweep: a moving circle against n oriented boxes (SoA), a record per box it hits. */
CB_API size_t cb_batch_sweep_circle_oboxes_hits(cb_sweep sweep, const cb_obox_soa *oboxes,
                                                size_t n, cb_sweep_hits *hits, unsigned flags);
/** Sweep: a moving circle against n oriented boxes (AoS), a record per box it hits. */
CB_API size_t cb_batch_sweep_circle_oboxes_aos_hits(cb_sweep sweep, const cb_obox *oboxes,
                                                    size_t n, cb_sweep_hits *hits,
                                                    unsigned flags);
/** Sweep: a moving circle against n boxes (SoA), the box it hits first and its record (0 or 1). */
CB_API size_t cb_batch_sweep_first(cb_sweep sweep, const cb_box_soa *boxes, size_t n,
                                   cb_sweep_hits *hit, unsigned flags);
/** Sweep: a moving circle against n boxes (AoS), the box it hits first. */
CB_API size_t cb_batch_sweep_aos_first(cb_sweep sweep, const cb_box *boxes, size_t n,
                                       cb_sweep_hits *hit, unsigned flags);
/** Sweep: a moving circle against n circles (SoA), the circle it hits first. */
CB_API size_t cb_batch_sweep_circle_circles_first(cb_sweep sweep, const cb_circle_soa *circles,
                                                  size_t n, cb_sweep_hits *hit,
                                                  unsigned flags);
/** Sweep: a moving circle against n circles (AoS), the circle it hits first. */
CB_API size_t cb_batch_sweep_circle_circles_aos_first(cb_sweep sweep, const cb_circle *circles,
                                                      size_t n, cb_sweep_hits *hit,
                                                      unsigned flags);
/** Sweep: a moving circle against n oriented boxes (SoA), the box it hits first. */
CB_API size_t cb_batch_sweep_circle_oboxes_first(cb_sweep sweep, const cb_obox_soa *oboxes,
                                                 size_t n, cb_sweep_hits *hit, unsigned flags);
/** Sweep: a moving circle against n oriented boxes (AoS), the box it hits first. */
CB_API size_t cb_batch_sweep_circle_oboxes_aos_first(cb_sweep sweep, const cb_obox *oboxes,
                                                     size_t n, cb_sweep_hits *hit,
                                                     unsigned flags);

/*
 * Many moving circles against one box (the box_circles sweeps): element i
 * is sweep i, and its time, hit and record are exactly what the sweep query
 * of sweep i against this one box gives (cb_batch_sweep with n = 1), so the
 * normal points from the box toward moving circle i. _first: the sweep
 * that touches the box first (the lowest index among equal times).
 */
CB_API size_t cb_batch_sweep_box_circles(cb_box box, const cb_sweep_soa *circles, size_t n,
                                         float *t, unsigned flags);
CB_API size_t cb_batch_sweep_box_circles_aos(cb_box box, const cb_sweep *circles, size_t n,
                                             float *t, unsigned flags);
CB_API size_t cb_batch_sweep_box_circles_hits(cb_box box, const cb_sweep_soa *circles, size_t n,
                                              cb_sweep_hits *hits, unsigned flags);
CB_API size_t cb_batch_sweep_box_circles_aos_hits(cb_box box, const cb_sweep *circles, size_t n,
                                                  cb_sweep_hits *hits, unsigned flags);
CB_API size_t cb_batch_sweep_box_circles_first(cb_box box, const cb_sweep_soa *circles, size_t n,
                                               cb_sweep_hits *hit, unsigned flags);
CB_API size_t cb_batch_sweep_box_circles_aos_first(cb_box box, const cb_sweep *circles, size_t n,
                                                   cb_sweep_hits *hit, unsigned flags);

/* ---------------------------------------------------- many against many */

/*
 * The pairs queries: every circle of a set against every element of
 * another (circles_boxes, the default, circles_circles, circles_oboxes),
 * a set against itself (circles_self), or circles against a grid of
 * elements prepared once (circles_grid); the candidates queries: the
 * pairs a broad phase lists. A pair's answer is the batch query's for
 * that pair, bit for bit, on every backend: pair (i, j) hits exactly when
 * cb_batch_overlap(circle i, elements, ...) (cb_batch_overlap_circle_circles,
 * cb_batch_overlap_circle_oboxes) reports element j, and its contact
 * record is the one the batch contacts query writes for it.
 *
 * The order, the same on every backend, whatever the order of the inputs
 * and however the work is cut: by circle i ascending, then by element j
 * ascending. Self pairs list each unordered pair once, as (i, j) with i < j.
 *
 * How a call works, and what it costs. A call lays a grid over the
 * elements (a few levels of square cells, each element filed once or twice
 * by the cells its bounds cover; finer cells where a sample of the elements
 * says they crowd together), then reads, for each circle, the elements of
 * the cells its bounds cover and runs the pair test on them in vectors.
 * Circles whose bounds miss every element's, and elements no circle of
 * the call can reach, cost next to nothing. A circle whose cells hold a
 * large share of the elements it may pair with (a crowd in one place)
 * tests those elements in index order instead, with no cell and no sort.
 * The cull is conservative for every input and float mode (src/grid.c has
 * the proof), so no answer depends on any of this. The cost follows
 * n_circles + m + the pairs found: sparse scenes cost a few look-ups per
 * circle, crowded ones about what writing their pairs costs.
 *
 * The range and the cursor. A call covers the circles [cursor->circle,
 * cursor->end). Calls over consecutive ranges give, concatenated, exactly
 * the list of one call over their union: a job system cuts 0 .. n_circles
 * among its jobs, anywhere, one cursor each (cb_pairs_range(begin, end),
 * which also says an empty job at 0), and joins the lists in range order.
 * The functions start no threads of their own.
 *
 * Bounded output and resuming. A list call writes at most `capacity`
 * pairs (or records) and returns how many it wrote, pairs[0 .. return - 1]
 * (a pair list: nothing past them is written). It stops there, so it costs what the
 * pairs it wrote cost, plus finding the next one. The cursor then names
 * exactly the next pair due: circle `circle`'s pair with element
 * `element` (a sweep set's: the next sweep that hits, element 0), the
 * first pair the next call writes; or the range is done (cursor->circle ==
 * cursor->end), also when the capacity was exactly the pairs left. Call
 * again with the same cursor (and the same scratch) for the rest, after
 * consuming the pairs: a list of N pairs takes exactly ceil(N / capacity)
 * calls. A resumed call reuses the grid the first call left in the
 * scratch (cursor->plan names it): pass the same scratch and change no
 * input in between. Only the circle of the next pair is read again.
 *
 * Counting. With pairs (out) == NULL and capacity == 0 a list call writes
 * nothing and returns the number of pairs from the cursor to the end of
 * the range: a count-only call, which costs about what a whole call does
 * (the cursor keeps its place, and a following call reuses its grid).
 *
 * Scratch. The pairs queries against elements or a set itself need
 * cb_pairs_scratch_size(n_circles, m) bytes of scratch (no alignment
 * needed) for the grid and the cull; pass NULL to have the call allocate it
 * (malloc) and free it before returning (a resumed call then builds its
 * grid again). A call cannot tell how large a scratch is: one smaller than
 * that size is undefined behaviour, as a too small output would be. One
 * scratch per thread: a call writes it. The grid queries (_grid,
 * _grid_self) need none: the grid is read only, and any number of threads
 * may query one grid at once. Stack: under 8 KiB. No function here keeps
 * memory or state between calls.
 */

/** One pair: circle i of the set and element j (a box, an oriented box, or a circle). */
typedef struct cb_pair {
    uint32_t i, j;
} cb_pair;

/**
 * Where a pairs query starts, and where it stopped. Zero-initialised,
 * it is every circle of the set from the start. A job's range [begin, end):
 * cb_pairs_range(begin, end), or {begin, 0, end} when end > 0. After a
 * call: {end, 0, end, ...} when the range is done; else exactly the next
 * pair due, (circle, element): the pair the next call writes first (a sweep
 * set's: element 0). A call whose capacity was exactly the pairs left
 * leaves the range done.
 */
typedef struct cb_pair_cursor {
    size_t circle;  /**< the circle of the next pair due */
    size_t element; /**< of that circle, the pairs with element j >= this are due */
    size_t end;     /**< one past the last circle of the range; 0: n_circles (set by the call),
                         but for a cursor made by cb_pairs_range */
    uint64_t plan;  /**< the library's: 0 for a new range (but for CB_PAIRS_RANGE_END); names
                         the scratch's grid when resuming */
} cb_pair_cursor;

/** The bit of cursor->plan that says the range ends at cursor->end as given, 0 included. */
#define CB_PAIRS_RANGE_END ((uint64_t)1 << 63)

/**
 * A new cursor over the circles [begin, end) of a set: a job's range.
 * Empty when begin == end, at 0 too (where the zero cursor, {0, 0, 0}, is
 * every circle of the set).
 */
static inline cb_pair_cursor cb_pairs_range(size_t begin, size_t end)
{
    cb_pair_cursor c;
    c.circle = begin, c.element = 0, c.end = end, c.plan = CB_PAIRS_RANGE_END;
    return c;
}

/**
 * Contact records of pairs: record k is of pair pair[k] = (i, j): circle i
 * of the set as the single circle and element j as the element of the
 * one-circle contact functions (the normal points from element j toward
 * circle i). Each array has room for `capacity` records; entries past the
 * returned count are unspecified.
 */
typedef struct cb_pair_contacts {
    cb_pair *pair;
    float *normal_x, *normal_y;
    float *separation;
    float *point_x, *point_y;
    uint8_t *feature;
} cb_pair_contacts;

/** The largest n_circles and m of the pairs queries. A 32-bit size_t holds it, but not
 *  the scratch or grid of that many elements: their sizes are SIZE_MAX there (below). */
#define CB_PAIRS_MAX_N ((uint64_t)1 << 30)

/**
 * Scratch bytes a pairs query over n_circles and m elements needs
 * (circles_self: m = n_circles); SIZE_MAX when either is above
 * CB_PAIRS_MAX_N or the size does not fit in a size_t (with a 32-bit size_t,
 * from some tens of millions of elements on). About 104 bytes per element
 * plus 35 KiB, whatever the number of circles.
 */
CB_API size_t cb_pairs_scratch_size(size_t n_circles, size_t m);

/*
 * Common to the pairs and candidates queries:
 *  - circles: the set (SoA), n_circles of them; the elements (SoA), m of
 *    them. Pairs: both counts at most CB_PAIRS_MAX_N; candidates: at most
 *    CB_INDEX_MAX_N. Counts of 0 are valid with any pointers.
 *  - flags: 0, or CB_STRICT and/or CB_TRUST_FENV, as the batch queries.
 *  - margin (contacts): finite and >= 0.
 *  - Return: as each function says, or CB_INVALID (nothing written, the
 *    cursor unchanged) for a NULL pointer where data is needed, unknown
 *    flag bits, a count over its limit, a NULL cursor, a cursor whose
 *    circle is past its end or whose end is past n_circles, out == NULL
 *    with capacity > 0, a margin that is negative, infinite or NaN, a
 *    grid that is NULL or not one cb_grid_* built, a candidate pair naming
 *    an element that does not exist, or a failed allocation of scratch.
 *  - The inputs are never written; outputs must not overlap inputs or
 *    each other.
 */

/**
 * Every overlapping pair of circle i (set) and box j, in the order above,
 * for the circles [cursor->circle, cursor->end).
 * Out:    pairs[0 .. return - 1]; *cursor moved past them.
 * Return: the pairs written (<= capacity); with pairs == NULL and capacity
 *         == 0, the pairs from the cursor to the end of the range.
 */
CB_API size_t cb_pairs_overlap(const cb_circle_soa *circles, size_t n_circles,
                               const cb_box_soa *boxes, size_t m, cb_pair_cursor *cursor,
                               cb_pair *pairs, size_t capacity, void *scratch, unsigned flags);
/**
 * The same pairs as a bit matrix: row i is (m + 63) / 64 words, bit (j % 64)
 * of matrix[i * ((m + 63) / 64) + j / 64] set when (i, j) hits. Writes the
 * rows [cursor->circle, cursor->end) entirely (bits past m zero), nothing
 * else (cursor->element is ignored), and moves the cursor to the end.
 * Return: the number of bits set in them.
 */
CB_API size_t cb_pairs_overlap_matrix(const cb_circle_soa *circles, size_t n_circles,
                                      const cb_box_soa *boxes, size_t m, cb_pair_cursor *cursor,
                                      uint64_t *matrix, void *scratch, unsigned flags);
/** The contacts of every pair of circle i and box j within margin, as cb_pairs_overlap. */
CB_API size_t cb_pairs_contacts(const cb_circle_soa *circles, size_t n_circles,
                                const cb_box_soa *boxes, size_t m, cb_pair_cursor *cursor,
                                float margin, cb_pair_contacts *out, size_t capacity,
                                void *scratch, unsigned flags);
/** Every overlapping pair of circle i (set) and circle j (others), as cb_pairs_overlap. */
CB_API size_t cb_pairs_overlap_circles_circles(const cb_circle_soa *circles, size_t n_circles,
                                               const cb_circle_soa *others, size_t m,
                                               cb_pair_cursor *cursor, cb_pair *pairs,
                                               size_t capacity, void *scratch, unsigned flags);
/** Circles against circles as a bit matrix, as cb_pairs_overlap_matrix. */
CB_API size_t cb_pairs_overlap_circles_circles_matrix(const cb_circle_soa *circles,
                                                      size_t n_circles,
                                                      const cb_circle_soa *others, size_t m,
                                                      cb_pair_cursor *cursor, uint64_t *matrix,
                                                      void *scratch, unsigned flags);
/** The contacts of circle i (set) with circle j (others) within margin, as cb_pairs_contacts. */
CB_API size_t cb_pairs_contacts_circles_circles(const cb_circle_soa *circles, size_t n_circles,
                                                const cb_circle_soa *others, size_t m,
                                                cb_pair_cursor *cursor, float margin,
                                                cb_pair_contacts *out, size_t capacity,
                                                void *scratch, unsigned flags);
/** Every overlapping pair of circle i (set) and oriented box j, as cb_pairs_overlap. */
CB_API size_t cb_pairs_overlap_circles_oboxes(const cb_circle_soa *circles, size_t n_circles,
                                              const cb_obox_soa *oboxes, size_t m,
                                              cb_pair_cursor *cursor, cb_pair *pairs,
                                              size_t capacity, void *scratch, unsigned flags);
/** Circles against oriented boxes as a bit matrix, as cb_pairs_overlap_matrix. */
CB_API size_t cb_pairs_overlap_circles_oboxes_matrix(const cb_circle_soa *circles,
                                                     size_t n_circles, const cb_obox_soa *oboxes,
                                                     size_t m, cb_pair_cursor *cursor,
                                                     uint64_t *matrix, void *scratch,
                                                     unsigned flags);
/** The contacts of circle i with oriented box j within margin, as cb_pairs_contacts. */
CB_API size_t cb_pairs_contacts_circles_oboxes(const cb_circle_soa *circles, size_t n_circles,
                                               const cb_obox_soa *oboxes, size_t m,
                                               cb_pair_cursor *cursor, float margin,
                                               cb_pair_contacts *out, size_t capacity,
                                               void *scratch, unsigned flags);

/**
 * A set against itself: every overlapping pair (i, j), i < j, of the
 * circles (circle against circle contract, circle i as the single circle),
 * in the order above, for the i in [cursor->circle, cursor->end); a
 * circle never pairs with itself. Otherwise as cb_pairs_overlap (scratch:
 * cb_pairs_scratch_size(n_circles, n_circles)).
 */
CB_API size_t cb_pairs_overlap_circles_self(const cb_circle_soa *circles, size_t n_circles,
                                            cb_pair_cursor *cursor, cb_pair *pairs,
                                            size_t capacity, void *scratch, unsigned flags);
/** The contacts of every pair (i, j), i < j, of the set within margin (normal from j toward i). */
CB_API size_t cb_pairs_contacts_circles_self(const cb_circle_soa *circles, size_t n_circles,
                                             cb_pair_cursor *cursor, float margin,
                                             cb_pair_contacts *out, size_t capacity,
                                             void *scratch, unsigned flags);

/*
 * Sweeps, many against many: every moving circle of a set (a cb_sweep_soa:
 * bullets over one frame) against m boxes (cb_pairs_sweep_first) or m
 * circles (cb_pairs_sweep_circles_circles_first), each sweep's first hit in
 * one call. Sweep i's answer is exactly what cb_batch_sweep_first (or
 * cb_batch_sweep_circle_circles_first) of sweep i against all m elements
 * returns, bit for bit on every backend: the element with the least t (the
 * lowest index among equal times) and its record. A sweep that hits nothing
 * writes nothing.
 *
 * Everything else is the pairs queries' (range, cursor, capacity, resuming,
 * counting, scratch, checks): the list holds one record per sweep that hits,
 * by sweep ascending, so a call over a range writes at most its length (a
 * call stops only between sweeps; the cursor's element is not read). The
 * grid is laid over the elements and each sweep reads the cells of its
 * swept bounds (the box covering the circle at t = 0 and t = 1, widened by
 * the stated band of SWEPT CIRCLES: the cull is conservative, src/grid.c
 * says why), so a frame of fast bullets costs about what the elements near
 * their paths cost, not n_sweeps x m. Count-only calls return the number of
 * sweeps that hit.
 */

/**
 * Records of first hits: record k is sweep pair[k].i's first hit, element
 * pair[k].j, at time t[k], with the record of SWEPT CIRCLES, "Hit records"
 * (normal from the element toward the moving circle, point on the element,
 * feature). cb_pair_contacts' members, t where the separation is. Each
 * array has room for `capacity` records; entries past the returned count
 * are unspecified.
 */
typedef struct cb_pair_sweep_hits {
    cb_pair *pair;
    float *normal_x, *normal_y;
    float *t;
    float *point_x, *point_y;
    uint8_t *feature;
} cb_pair_sweep_hits;

/**
 * The first hit of every sweep i of the range among m boxes, as above.
 * Out:    out's records [0 .. return - 1]; *cursor moved past them.
 * Return: the records written (<= capacity); with out == NULL and capacity
 *         == 0, the sweeps of the range that hit.
 */
CB_API size_t cb_pairs_sweep_first(const cb_sweep_soa *circles, size_t n_circles,
                                   const cb_box_soa *boxes, size_t m, cb_pair_cursor *cursor,
                                   cb_pair_sweep_hits *out, size_t capacity, void *scratch,
                                   unsigned flags);
/** The first hit of every sweep i of the range among m circles, as cb_pairs_sweep_first. */
CB_API size_t cb_pairs_sweep_circles_circles_first(const cb_sweep_soa *circles, size_t n_circles,
                                                   const cb_circle_soa *others, size_t m,
                                                   cb_pair_cursor *cursor,
                                                   cb_pair_sweep_hits *out, size_t capacity,
                                                   void *scratch, unsigned flags);

/*
 * Prepared elements: a grid built once over elements that do not move (a
 * level's walls, a static crowd), then queried every frame without binning
 * the elements again: by moving circles (_circles_grid), by sweeps
 * (cb_pairs_sweep_circles_grid_first), or a grid of circles against itself
 * (_circles_grid_self). The grid copies what it needs and holds no pointer
 * into the caller's arrays: it answers for the elements as they were when
 * it was built, whatever happens to those arrays after (the tests change
 * and free them). So any change to an element (a move, a new radius,
 * another count) needs a new grid: build it again, into the same memory or
 * other. A grid stays valid until its memory is freed or reused, and is
 * never to be edited. Its layout is private.
 * A grid query gives exactly the pairs, order, cursor and records of the
 * all-pairs function of its elements' shape on those elements.
 */
typedef struct cb_grid cb_grid;

/** Bytes of memory a grid of m elements needs (any shape; about 124 bytes per element plus
 *  2 KiB); SIZE_MAX when m > CB_PAIRS_MAX_N or the size does not fit in a size_t (with a
 *  32-bit size_t, from some tens of millions of elements on). */
CB_API size_t cb_grid_size(size_t m);

/**
 * Build a grid of m boxes (SoA) in memory (cb_grid_size(m) bytes, no
 * alignment needed). Return: the grid (inside memory), or NULL (nothing
 * built) when memory is NULL, m > CB_PAIRS_MAX_N, or m > 0 and boxes (or
 * one of its arrays) is NULL. Runs in the default float environment
 * whatever the caller set (as the query functions).
 */
CB_API cb_grid *cb_grid_boxes(void *memory, const cb_box_soa *boxes, size_t m);
/** A grid of m circles (SoA), as cb_grid_boxes. */
CB_API cb_grid *cb_grid_circles(void *memory, const cb_circle_soa *circles, size_t m);
/** A grid of m oriented boxes (SoA), as cb_grid_boxes. */
CB_API cb_grid *cb_grid_oboxes(void *memory, const cb_obox_soa *boxes, size_t m);
/** A grid of m integer boxes (SoA), as cb_grid_boxes; for the cb_pairs_*_icircles_grid queries. */
CB_API cb_grid *cb_grid_iboxes(void *memory, const cb_ibox_soa *iboxes, size_t m);
/** A grid of m integer circles (SoA), as cb_grid_boxes; for the cb_pairs_*_icircles_grid queries. */
CB_API cb_grid *cb_grid_icircles(void *memory, const cb_icircle_soa *icircles, size_t m);
/** The shape of a grid's elements (CB_SHAPE_BOX, CB_SHAPE_CIRCLE, CB_SHAPE_OBOX, CB_SHAPE_IBOX or
 *  CB_SHAPE_ICIRCLE) and their number; 0 (and *shape unchanged) when grid is NULL or not a
 *  grid. shape may be NULL. */
CB_API size_t cb_grid_elements(const cb_grid *grid, cb_shape *shape);

/**
 * Every overlapping pair of circle i (set) and element j of the grid, under
 * the contract of the grid's shape (box, oriented box, or circle against
 * circle), as cb_pairs_overlap; no scratch.
 */
CB_API size_t cb_pairs_overlap_circles_grid(const cb_circle_soa *circles, size_t n_circles,
                                            const cb_grid *grid, cb_pair_cursor *cursor,
                                            cb_pair *pairs, size_t capacity, unsigned flags);
/** The same as a bit matrix, as cb_pairs_overlap_matrix (m: the grid's elements). */
CB_API size_t cb_pairs_overlap_circles_grid_matrix(const cb_circle_soa *circles,
                                                   size_t n_circles, const cb_grid *grid,
                                                   cb_pair_cursor *cursor, uint64_t *matrix,
                                                   unsigned flags);
/** The contacts of circle i with element j of the grid within margin, as cb_pairs_contacts. */
CB_API size_t cb_pairs_contacts_circles_grid(const cb_circle_soa *circles, size_t n_circles,
                                             const cb_grid *grid, cb_pair_cursor *cursor,
                                             float margin, cb_pair_contacts *out,
                                             size_t capacity, unsigned flags);
/**
 * A set prepared as a grid, against itself (static crowds, a level's
 * decorations): every overlapping pair (i, j), i < j, of the circles a
 * cb_grid_circles grid was built from, exactly cb_pairs_overlap_circles_self's
 * on those circles (pairs, order, cursor, capacity, counting); the set's
 * count is the grid's (the cursor's range is over it). A grid of other
 * elements is CB_INVALID. No scratch.
 */
CB_API size_t cb_pairs_overlap_circles_grid_self(const cb_grid *grid, cb_pair_cursor *cursor,
                                                 cb_pair *pairs, size_t capacity, unsigned flags);
/** The contacts of every pair (i, j), i < j, of a prepared set, as cb_pairs_contacts_circles_self. */
CB_API size_t cb_pairs_contacts_circles_grid_self(const cb_grid *grid, cb_pair_cursor *cursor,
                                                  float margin, cb_pair_contacts *out,
                                                  size_t capacity, unsigned flags);
/**
 * Sweeps against prepared elements (a frame of bullets against a level's
 * walls): the first hit of every sweep i of the range among the elements
 * of a grid of boxes or circles (cb_grid_boxes, cb_grid_circles), exactly
 * what cb_pairs_sweep_first or cb_pairs_sweep_circles_circles_first gives
 * on those elements; a grid of other elements is CB_INVALID. No scratch.
 */
CB_API size_t cb_pairs_sweep_circles_grid_first(const cb_sweep_soa *circles, size_t n_circles,
                                                const cb_grid *grid, cb_pair_cursor *cursor,
                                                cb_pair_sweep_hits *out, size_t capacity,
                                                unsigned flags);

/*
 * Integer all pairs (INTEGER COORDINATES): a set of integer circles against
 * integer boxes, integer circles, itself, or a grid of integer elements,
 * everything above (order, range, cursor, capacity, counting, scratch,
 * checks) as for the float sets; each pair's answer is the integer batch
 * query's of circle i against element j, exact. The grid and the cull work
 * on float intervals that hold the exact integer ones in every float mode
 * (src/grid.c), so they never change an answer; no float-environment guard
 * is needed. The contacts take no margin (add it to the radius) and write a
 * cb_int_pair_contacts. A grid query needs a grid of integer elements
 * (cb_grid_iboxes, cb_grid_icircles): any other grid is CB_INVALID, and a
 * grid of integer elements is CB_INVALID for the float grid queries.
 */

/**
 * Integer contact records of pairs: record k is of pair pair[k] = (i, j),
 * the fields of a cb_int_contacts record (point, d2, depth, feature) of
 * circle i of the set against element j. Each array has room for
 * `capacity` records; entries past the returned count are unspecified.
 */
typedef struct cb_int_pair_contacts {
    cb_pair *pair;
    int32_t *point_x, *point_y;
    uint64_t *d2;
    uint32_t *depth;
    uint8_t *feature;
} cb_int_pair_contacts;

/** Every overlapping pair of integer circle i (set) and integer box j, as cb_pairs_overlap. */
CB_API size_t cb_pairs_overlap_icircles_iboxes(const cb_icircle_soa *icircles, size_t n_circles,
                                               const cb_ibox_soa *iboxes, size_t m,
                                               cb_pair_cursor *cursor, cb_pair *pairs,
                                               size_t capacity, void *scratch, unsigned flags);
/** The same as a bit matrix, as cb_pairs_overlap_matrix. */
CB_API size_t cb_pairs_overlap_icircles_iboxes_matrix(const cb_icircle_soa *icircles,
                                                      size_t n_circles, const cb_ibox_soa *iboxes,
                                                      size_t m, cb_pair_cursor *cursor,
                                                      uint64_t *matrix, void *scratch,
                                                      unsigned flags);
/** The integer contacts of every overlapping pair, as cb_pairs_contacts (no margin). */
CB_API size_t cb_pairs_contacts_icircles_iboxes(const cb_icircle_soa *icircles, size_t n_circles,
                                                const cb_ibox_soa *iboxes, size_t m,
                                                cb_pair_cursor *cursor, cb_int_pair_contacts *out,
                                                size_t capacity, void *scratch, unsigned flags);
/** Every overlapping pair of integer circle i (set) and integer circle j (others). */
CB_API size_t cb_pairs_overlap_icircles_icircles(const cb_icircle_soa *icircles,
                                                 size_t n_circles, const cb_icircle_soa *others,
                                                 size_t m, cb_pair_cursor *cursor,
                                                 cb_pair *pairs, size_t capacity, void *scratch,
                                                 unsigned flags);
/** The same as a bit matrix, as cb_pairs_overlap_matrix. */
CB_API size_t cb_pairs_overlap_icircles_icircles_matrix(const cb_icircle_soa *icircles,
                                                        size_t n_circles,
                                                        const cb_icircle_soa *others, size_t m,
                                                        cb_pair_cursor *cursor, uint64_t *matrix,
                                                        void *scratch, unsigned flags);
/** The integer contacts of every overlapping pair of circles (no margin). */
CB_API size_t cb_pairs_contacts_icircles_icircles(const cb_icircle_soa *icircles,
                                                  size_t n_circles, const cb_icircle_soa *others,
                                                  size_t m, cb_pair_cursor *cursor,
                                                  cb_int_pair_contacts *out, size_t capacity,
                                                  void *scratch, unsigned flags);
/** A set of integer circles against itself: the pairs (i, j), i < j, as cb_pairs_overlap_circles_self. */
CB_API size_t cb_pairs_overlap_icircles_self(const cb_icircle_soa *icircles, size_t n_circles,
                                             cb_pair_cursor *cursor, cb_pair *pairs,
                                             size_t capacity, void *scratch, unsigned flags);
/** The integer contacts of every pair (i, j), i < j, of the set (no margin). */
CB_API size_t cb_pairs_contacts_icircles_self(const cb_icircle_soa *icircles, size_t n_circles,
                                              cb_pair_cursor *cursor, cb_int_pair_contacts *out,
                                              size_t capacity, void *scratch, unsigned flags);
/** Integer circles against a grid of integer elements, as cb_pairs_overlap_circles_grid. */
CB_API size_t cb_pairs_overlap_icircles_grid(const cb_icircle_soa *icircles, size_t n_circles,
                                             const cb_grid *grid, cb_pair_cursor *cursor,
                                             cb_pair *pairs, size_t capacity, unsigned flags);
/** The same as a bit matrix, as cb_pairs_overlap_matrix (m: the grid's elements). */
CB_API size_t cb_pairs_overlap_icircles_grid_matrix(const cb_icircle_soa *icircles,
                                                    size_t n_circles, const cb_grid *grid,
                                                    cb_pair_cursor *cursor, uint64_t *matrix,
                                                    unsigned flags);
/** The integer contacts of circle i with element j of the grid (no margin). */
CB_API size_t cb_pairs_contacts_icircles_grid(const cb_icircle_soa *icircles, size_t n_circles,
                                              const cb_grid *grid, cb_pair_cursor *cursor,
                                              cb_int_pair_contacts *out, size_t capacity,
                                              unsigned flags);
/** A set of integer circles prepared as a grid (cb_grid_icircles), against itself: the pairs
 *  (i, j), i < j, as cb_pairs_overlap_icircles_self on its circles. No scratch. */
CB_API size_t cb_pairs_overlap_icircles_grid_self(const cb_grid *grid, cb_pair_cursor *cursor,
                                                  cb_pair *pairs, size_t capacity,
                                                  unsigned flags);
/** The integer contacts of every pair (i, j), i < j, of a prepared set of integer circles. */
CB_API size_t cb_pairs_contacts_icircles_grid_self(const cb_grid *grid, cb_pair_cursor *cursor,
                                                   cb_int_pair_contacts *out, size_t capacity,
                                                   unsigned flags);

/*
 * Candidate pairs: candidates[k] = (i, j) names circle i of the set and
 * element j; the k-th candidate is then the k-th element of a batch
 * function: bitmask, index list (ascending k) and contacts (record k is of
 * circle i against element j, normal toward circle i) exactly as the
 * one-circle functions define them for that pair. Every i must be below
 * n_circles and every j below m (else CB_INVALID, nothing written); the
 * same pair may appear more than once. n <= CB_INDEX_MAX_N.
 */

/** Overlap of each candidate (circle i, box j), bitmask out ((n + 63) / 64 words). */
CB_API size_t cb_candidates_overlap(const cb_circle_soa *circles, size_t n_circles,
                                    const cb_box_soa *boxes, size_t m, const cb_pair *candidates,
                                    size_t n, uint64_t *mask, unsigned flags);
/** Overlap of each candidate (circle i, box j), ascending indices k of the hits. */
CB_API size_t cb_candidates_overlap_idx(const cb_circle_soa *circles, size_t n_circles,
                                        const cb_box_soa *boxes, size_t m,
                                        const cb_pair *candidates, size_t n, uint32_t *idx,
                                        unsigned flags);
/** Contacts of the candidates (circle i, box j) within margin (cb_contacts, room for n). */
CB_API size_t cb_candidates_contacts(const cb_circle_soa *circles, size_t n_circles,
                                     const cb_box_soa *boxes, size_t m, const cb_pair *candidates,
                                     size_t n, float margin, cb_contacts *out, unsigned flags);
/** Overlap of each candidate (circle i, circle j of others), bitmask out. */
CB_API size_t cb_candidates_overlap_circles_circles(const cb_circle_soa *circles, size_t n_circles,
                                                    const cb_circle_soa *others, size_t m,
                                                    const cb_pair *candidates, size_t n,
                                                    uint64_t *mask, unsigned flags);
/** Overlap of each candidate (circle i, circle j of others), ascending indices. */
CB_API size_t cb_candidates_overlap_circles_circles_idx(const cb_circle_soa *circles,
                                                        size_t n_circles,
                                                        const cb_circle_soa *others, size_t m,
                                                        const cb_pair *candidates, size_t n,
                                                        uint32_t *idx, unsigned flags);
/** Contacts of the candidates (circle i, circle j of others) within margin. */
CB_API size_t cb_candidates_contacts_circles_circles(const cb_circle_soa *circles,
                                                     size_t n_circles,
                                                     const cb_circle_soa *others, size_t m,
                                                     const cb_pair *candidates, size_t n,
                                                     float margin, cb_contacts *out,
                                                     unsigned flags);
/**
 * The integer candidates (INTEGER COORDINATES): pair (i, j) of a set of
 * integer circles and integer boxes or circles, answered as the integer
 * batch query of circle i answers element j, bit for bit; the contacts
 * write a cb_int_contacts (index = the candidate's number) for the
 * candidates that overlap.
 */
CB_API size_t cb_candidates_overlap_icircles_iboxes(const cb_icircle_soa *icircles,
                                                    size_t n_circles, const cb_ibox_soa *iboxes,
                                                    size_t m, const cb_pair *candidates,
                                                    size_t n, uint64_t *mask, unsigned flags);
CB_API size_t cb_candidates_overlap_icircles_iboxes_idx(const cb_icircle_soa *icircles,
                                                        size_t n_circles,
                                                        const cb_ibox_soa *iboxes, size_t m,
                                                        const cb_pair *candidates, size_t n,
                                                        uint32_t *idx, unsigned flags);
CB_API size_t cb_candidates_contacts_icircles_iboxes(const cb_icircle_soa *icircles,
                                                     size_t n_circles, const cb_ibox_soa *iboxes,
                                                     size_t m, const cb_pair *candidates,
                                                     size_t n, cb_int_contacts *out,
                                                     unsigned flags);
CB_API size_t cb_candidates_overlap_icircles_icircles(const cb_icircle_soa *icircles,
                                                      size_t n_circles,
                                                      const cb_icircle_soa *others, size_t m,
                                                      const cb_pair *candidates, size_t n,
                                                      uint64_t *mask, unsigned flags);
CB_API size_t cb_candidates_overlap_icircles_icircles_idx(const cb_icircle_soa *icircles,
                                                          size_t n_circles,
                                                          const cb_icircle_soa *others, size_t m,
                                                          const cb_pair *candidates, size_t n,
                                                          uint32_t *idx, unsigned flags);
CB_API size_t cb_candidates_contacts_icircles_icircles(const cb_icircle_soa *icircles,
                                                       size_t n_circles,
                                                       const cb_icircle_soa *others, size_t m,
                                                       const cb_pair *candidates, size_t n,
                                                       cb_int_contacts *out, unsigned flags);
/**
 * The sweep candidates (SWEPT CIRCLES): pair (i, j) of a set of sweeps and
 * boxes or circles, answered as the batch sweep query of sweep i answers
 * element j, bit for bit: the time of first contact of every candidate
 * (times[k], CB_SWEEP_MISS for none), or the hit records of the candidates
 * hit (a cb_sweep_hits, index = the candidate's number, ascending; room for
 * n). For a broad phase that already paired the bullets with what lies
 * along their paths.
 */
CB_API size_t cb_candidates_sweep(const cb_sweep_soa *circles, size_t n_circles,
                                  const cb_box_soa *boxes, size_t m, const cb_pair *candidates,
                                  size_t n, float *times, unsigned flags);
CB_API size_t cb_candidates_sweep_circles_circles(const cb_sweep_soa *circles, size_t n_circles,
                                                  const cb_circle_soa *others, size_t m,
                                                  const cb_pair *candidates, size_t n,
                                                  float *times, unsigned flags);
CB_API size_t cb_candidates_sweep_hits(const cb_sweep_soa *circles, size_t n_circles,
                                       const cb_box_soa *boxes, size_t m,
                                       const cb_pair *candidates, size_t n, cb_sweep_hits *hits,
                                       unsigned flags);
CB_API size_t cb_candidates_sweep_circles_circles_hits(const cb_sweep_soa *circles,
                                                       size_t n_circles,
                                                       const cb_circle_soa *others, size_t m,
                                                       const cb_pair *candidates, size_t n,
                                                       cb_sweep_hits *hits, unsigned flags);

/* ----------------------------------------------------------- converters */

/** Centre + half-extents to min/max: min = c - h, max = c + h (one rounding each). */
CB_API cb_box cb_box_from_center(cb_box_center b);
/** Corner + size to min/max: min = (x, y), max = (x + w, y + h) (one rounding each). */
CB_API cb_box cb_box_from_corner(cb_box_corner b);
/**
 * Batch forms of the two converters, AoS out: out[i] = cb_box_from_*(in[i]).
 * n == 0, or a NULL in or out: nothing is read or written.
 */
CB_API void cb_boxes_from_centers(const cb_box_center *in, size_t n, cb_box *out);
CB_API void cb_boxes_from_corners(const cb_box_corner *in, size_t n, cb_box *out);
/**
 * Batch forms, SoA out: min_x[i] .. max_y[i] receive box i. Returns CB_OK, or
 * CB_ERR_INVALID_ARG (nothing written) when n > 0 and a pointer is NULL.
 */
CB_API cb_status cb_boxes_from_centers_soa(const cb_box_center *in, size_t n, float *min_x,
                                           float *min_y, float *max_x, float *max_y);
CB_API cb_status cb_boxes_from_corners_soa(const cb_box_corner *in, size_t n, float *min_x,
                                           float *min_y, float *max_x, float *max_y);

/**
 * Oriented boxes from min/max or corner + size, rotated about their centre
 * by angle (radians; the rotation is cb_rotation(angle)):
 *   from min/max:        cx = (min_x * 0.5) + (max_x * 0.5), hx = (max_x * 0.5) - (min_x * 0.5)
 *   from corner + size:  hx = w * 0.5, cx = x + hx
 * (y alike; one rounding per sum, the halving exact above 2^-125).
 */
CB_API cb_obox cb_obox_from_box(cb_box b, float angle);
CB_API cb_obox cb_obox_from_corner(cb_box_corner b, float angle);
/**
 * Batch forms, AoS out: out[i] = cb_obox_from_*(in[i], angles[i]).
 * n == 0, or a NULL in, angles or out: nothing is read or written.
 */
CB_API void cb_oboxes_from_boxes(const cb_box *in, const float *angles, size_t n, cb_obox *out);
CB_API void cb_oboxes_from_corners(const cb_box_corner *in, const float *angles, size_t n,
                                   cb_obox *out);
/**
 * Batch forms, SoA out: the arrays of *out receive box i at index i (they
 * are written through, so cast away the const of cb_obox_soa's pointers).
 * Returns CB_OK, or CB_ERR_INVALID_ARG (nothing written) when n > 0 and a
 * pointer is NULL.
 */
CB_API cb_status cb_oboxes_from_boxes_soa(const cb_box *in, const float *angles, size_t n,
                                          float *cx, float *cy, float *hx, float *hy, float *c,
                                          float *s);
CB_API cb_status cb_oboxes_from_corners_soa(const cb_box_corner *in, const float *angles, size_t n,
                                            float *cx, float *cy, float *hx, float *hy, float *c,
                                            float *s);

/**
 * Integer boxes from SDL rectangles (min = (x, y), max = (x + w, y + h))
 * or from centre + half-extents (min = c - h, max = c + h), computed
 * exactly. Element i is refused, and the conversion stops there, when a
 * size is negative (w, h, hx or hy < 0: CB_FAULT_INVERTED) or a corner does
 * not fit in int32 (CB_FAULT_OVERFLOW): never wrapped. Return: n when
 * every element was converted (out[0 .. n-1] written), else the index i of
 * the first refused one (out[0 .. i-1] written, nothing from i on); *fault
 * (when not NULL) receives the reason, CB_FAULT_NONE for n. A NULL in or
 * out with n > 0: CB_INVALID, nothing written, *fault CB_FAULT_NONE.
 */
CB_API size_t cb_iboxes_from_rects(const cb_irect *in, size_t n, cb_ibox *out, cb_fault *fault);
CB_API size_t cb_iboxes_from_centers(const cb_ibox_center *in, size_t n, cb_ibox *out,
                                     cb_fault *fault);
/** As above, SoA out: the arrays of *out are written through (cast away cb_ibox_soa's const). */
CB_API size_t cb_iboxes_from_rects_soa(const cb_irect *in, size_t n, const cb_ibox_soa *out,
                                       cb_fault *fault);
CB_API size_t cb_iboxes_from_centers_soa(const cb_ibox_center *in, size_t n,
                                         const cb_ibox_soa *out, cb_fault *fault);

/* ------------------------------------------------------------ rotations */

/*
 * cb_rotation - (cos angle, sin angle) of a binary32 angle in radians, computed
 * by the library itself: no libm (whose sinf differs between platforms), so
 * the same bits come out on every CPU, compiler and backend, which engines
 * that keep angles need for lockstep determinism.
 *
 * How: the angle is reduced to r in [-pi/4, pi/4] and a quadrant k,
 * r = angle - k * pi/2, with an error below 2^-50 of r for EVERY finite
 * angle: up to 2^20 with pi/2 in three binary64 parts (Cody-Waite), above
 * that with 128-bit integer arithmetic on a table of the bits of 2/pi
 * (Payne-Hanek), so FLT_MAX is reduced as accurately as 1. Then binary32
 * polynomials of degree 9 (sin) and 8 (cos), fitted by minimax, with no
 * fused multiply-add; the part of r below binary32 precision is carried as
 * a correction term. Every operation is an IEEE-754 binary32 or binary64
 * + - * rounded to nearest-even, or integer arithmetic, and runs in the
 * default float environment whatever the caller set (as the query functions).
 *
 * Accuracy, measured over every binary32 angle against double-precision
 * cos and sin (docs/rotation.md), and asserted by tests/test_rotation.c:
 *  - each of c and s is within 0.79 * 2^-24 of the exact cos and sin of the
 *    binary32 angle, and within 0.79 ulp of it, the ulp taken at the exact
 *    value's magnitude, so small results (near the zeros of cos and sin) are
 *    as accurate relatively: every result is one of the two binary32 around
 *    the exact value (the share that is the nearest: docs/rotation.md);
 *  - |c*c + s*s - 1| <= 2.1 * 2^-24 (exact arithmetic on the returned floats);
 *  - |c| <= 1 and |s| <= 1.
 * The angle is the binary32 value, not what the caller meant: the float
 * nearest pi/2 is 1.5707963705, so its cosine is -4.37e-8, not 0. Large
 * angles are reduced as accurately as small ones (cb_rotation(1e10f) is
 * within the same bounds of the cos and sin of exactly 10^10 radians), but
 * consecutive floats there are far apart.
 * Exact properties:
 *  - cb_rotation(-a) is (c, -s) of cb_rotation(a), bit for bit, for every
 *    finite a (cos even, sin odd);
 *  - cb_rotation(0) = (1, +0) and cb_rotation(-0.0) = (1, -0.0); for
 *    |a| < 2^-12, (1, a), the correctly rounded values (denormals kept).
 * Non-finite angle (NaN, +-inf): c and s are the default quiet NaN, bits
 * 0x7FC00000.
 */

/** A rotation as the pair (cos, sin) of its angle. */
typedef struct cb_rot {
    float c, s;
} cb_rot;
/** (cos angle, sin angle) by the library's own binary32 evaluation: the same bits on every CPU. */
CB_API cb_rot cb_rotation(float angle);
/**
 * Batch form, SoA out: c[i], s[i] = cb_rotation(angles[i]). Returns CB_OK, or
 * CB_ERR_INVALID_ARG (nothing written) when n > 0 and a pointer is NULL;
 * n == 0 writes nothing. c or s may be angles itself (computed in place).
 */
CB_API cb_status cb_rotations(const float *angles, size_t n, float *c, float *s);

/* ----------------------------------------------------------- validation */

/*
 * cb_validate_* - find the first element that is not well-formed.
 * A box is well-formed when its four coordinates are finite and
 * min_x <= max_x, min_y <= max_y. A circle is well-formed when x, y and r are
 * finite and r >= 0 (-0.0 counts as 0). Denormals are well-formed.
 * Return: the index of the first malformed element, or n when all are
 * well-formed (also for n == 0). If fault is not NULL it receives the reason
 * (CB_FAULT_NONE when all are well-formed; for an element with several faults,
 * the first of NAN, INFINITE, INVERTED, NEGATIVE_RADIUS).
 * Errors: a NULL struct or array pointer with n > 0 returns CB_INVALID and
 * sets *fault to CB_FAULT_NONE.
 */

/** SoA boxes. */
CB_API size_t cb_validate_boxes(const cb_box_soa *boxes, size_t n, cb_fault *fault);
/** AoS boxes. */
CB_API size_t cb_validate_boxes_aos(const cb_box *boxes, size_t n, cb_fault *fault);
/** SoA circles. */
CB_API size_t cb_validate_circles(const cb_circle_soa *circles, size_t n, cb_fault *fault);
/** AoS circles. */
CB_API size_t cb_validate_circles_aos(const cb_circle *circles, size_t n, cb_fault *fault);
/**
 * Oriented boxes, SoA and AoS: well-formed when the six values are finite,
 * hx >= 0 and hy >= 0 (-0.0 counts as 0; else CB_FAULT_INVERTED), and
 * |c * c + s * s - 1| <= 2^-20, computed exactly (else CB_FAULT_NOT_UNIT;
 * every cb_rotation result passes). Faults in the order NAN, INFINITE,
 * INVERTED, NOT_UNIT.
 */
CB_API size_t cb_validate_oboxes(const cb_obox_soa *boxes, size_t n, cb_fault *fault);
CB_API size_t cb_validate_oboxes_aos(const cb_obox *boxes, size_t n, cb_fault *fault);
/**
 * Integer boxes and circles, SoA and AoS: a box is well-formed when min_x
 * <= max_x and min_y <= max_y (else CB_FAULT_INVERTED), a circle when r >=
 * 0 (else CB_FAULT_NEGATIVE_RADIUS); every int32 value is finite, so these
 * are the only faults. Return and errors as above.
 */
CB_API size_t cb_validate_iboxes(const cb_ibox_soa *iboxes, size_t n, cb_fault *fault);
CB_API size_t cb_validate_iboxes_aos(const cb_ibox *iboxes, size_t n, cb_fault *fault);
CB_API size_t cb_validate_icircles(const cb_icircle_soa *icircles, size_t n, cb_fault *fault);
CB_API size_t cb_validate_icircles_aos(const cb_icircle *icircles, size_t n, cb_fault *fault);

/* ------------------------------------------------------------- backends */

/** "scalar", "sse", "avx2", "avx512", "neon", "simd128"; NULL for a value out of range. */
CB_API const char *cb_backend_name(cb_backend b);

/**
 * cb_backend_from_name - parse a backend name (exact, lower case).
 * Out: *out set on success. Return: CB_OK, CB_ERR_UNKNOWN_BACKEND, or
 * CB_ERR_INVALID_ARG when name or out is NULL.
 */
CB_API cb_status cb_backend_from_name(const char *name, cb_backend *out);

/** 1 when backend b is compiled into this build (for this architecture), else 0. */
CB_API int cb_backend_compiled(cb_backend b);

/**
 * cb_backend_status - can backend b run here?
 * Return: CB_OK, CB_ERR_NOT_COMPILED, CB_ERR_UNSUPPORTED_CPU, or
 * CB_ERR_INVALID_ARG for a value out of range. If why is not NULL it receives
 * a static, human-readable reason ("CPU lacks AVX2", "OS does not save ZMM
 * state", "built for another architecture", ...; "ok" on success).
 */
CB_API cb_status cb_backend_status(cb_backend b, const char **why);

/**
 * cb_set_backend - force the backend every query function uses from now on.
 * Return: CB_OK, or the cb_backend_status error (the active backend is then
 * unchanged). Never raises SIGILL: a backend is only used once the CPU and OS
 * are known to support it.
 */
CB_API cb_status cb_set_backend(cb_backend b);

/**
 * cb_set_backend_by_name - as cb_set_backend, by name; NULL or "auto" selects
 * the best backend this CPU can run. Return: as cb_set_backend, or
 * CB_ERR_UNKNOWN_BACKEND.
 */
CB_API cb_status cb_set_backend_by_name(const char *name);

/**
 * cb_active_backend - the backend the query functions use now. On first use
 * of the library the environment variable CB_BACKEND is read: a name that can
 * run here is forced; "auto" or unset selects the best; an unknown or
 * unsupported name is ignored (the best backend is used, since every backend
 * gives the same results) and recorded: see cb_active_reason and
 * cb_env_status.
 */
CB_API cb_backend cb_active_backend(void);

/** A static string saying why the active backend was chosen, e.g. "forced by CB_BACKEND=sse". */
CB_API const char *cb_active_reason(void);

/** The outcome of reading CB_BACKEND: CB_OK when unset, "auto" or honoured; else the error. */
CB_API cb_status cb_env_status(void);

/** A static, human-readable text for a status code. */
CB_API const char *cb_status_string(cb_status s);

/** CPU and OS features found (bits below; detected once). */
enum {
    CB_CPU_SSE2 = 1u << 0,
    CB_CPU_SSE41 = 1u << 1,
    CB_CPU_POPCNT = 1u << 2,
    CB_CPU_AVX = 1u << 3,
    CB_CPU_AVX2 = 1u << 4,
    CB_CPU_FMA = 1u << 5,
    CB_CPU_AVX512F = 1u << 6,
    CB_CPU_AVX512BW = 1u << 7,
    CB_CPU_AVX512DQ = 1u << 8,
    CB_CPU_AVX512VL = 1u << 9,
    CB_CPU_OS_YMM = 1u << 10, /**< XCR0: the OS saves SSE and AVX (YMM) state */
    CB_CPU_OS_ZMM = 1u << 11, /**< XCR0: the OS saves opmask and ZMM state */
    CB_CPU_NEON = 1u << 12,
    /** WebAssembly SIMD128: set exactly when the module was built with it,
     *  since an engine without SIMD128 cannot load such a module at all
     *  (WebAssembly has no run-time detection). */
    CB_CPU_SIMD128 = 1u << 13
};
CB_API uint32_t cb_cpu_features(void);

/* ------------------------------------------------- entry points as data */

/*
 * Every query function above is one entry of a table the library carries,
 * described by the parts of its name. The table lets a test, a benchmark or
 * a language binding iterate over all entries, find one by its parts or its
 * name, call one through its public function, or call one backend's raw
 * kernel side by side with another's, without naming each function and
 * without changing the global backend choice. Entries are numbered
 * 0 .. cb_entry_count() - 1; the numbering may change between versions of
 * the library (find an entry with cb_entry_lookup or cb_entry_find), the
 * types below only grow.
 */

/** The form of a query: what it pairs with what (the name's first part). */
typedef enum cb_form {
    CB_FORM_BATCH = 0,     /**< one shape against n elements */
    CB_FORM_PAIRS = 1,     /**< every circle of a range of a set against the elements */
    CB_FORM_CANDIDATES = 2 /**< the listed (circle, element) pairs */
} cb_form;

/** What a query computes for each pair. */
typedef enum cb_query {
    CB_QUERY_OVERLAP = 0,  /**< the overlap tests of the float contract above (circle/box,
                                circle/circle), or of INTEGER COORDINATES */
    CB_QUERY_DISTANCE = 1, /**< signed distance (separation), see SIGNED DISTANCE AND CONTACTS;
                                integer shapes: the exact squared distance */
    CB_QUERY_CONTACTS = 2, /**< contacts of the elements within a margin (integer: of the hits) */
    CB_QUERY_SWEEP = 3     /**< the time of first contact of a moving circle (SWEPT CIRCLES) */
} cb_query;

/** How the elements are laid out in memory. */
typedef enum cb_layout {
    CB_LAYOUT_SOA = 0, /**< a cb_box_soa, cb_circle_soa, cb_obox_soa, ... of arrays */
    CB_LAYOUT_AOS = 1  /**< an array of cb_box, cb_circle, cb_obox, cb_ibox or cb_icircle */
} cb_layout;

/** What a query writes. */
typedef enum cb_output {
    CB_OUTPUT_MASK = 0,         /**< (n + 63) / 64 uint64_t words, bit i = element i hits */
    CB_OUTPUT_INDICES = 1,      /**< ascending uint32_t indices of the hits, room for n */
    CB_OUTPUT_DISTANCES = 2,    /**< n floats: the separation of every element */
    CB_OUTPUT_CONTACTS = 3,     /**< a cb_contacts whose arrays have room for n */
    CB_OUTPUT_PAIRS = 4,        /**< pairs: a list of cb_pair (capacity, cursor) */
    CB_OUTPUT_MATRIX = 5,       /**< pairs: a bit matrix, one row per circle */
    CB_OUTPUT_PAIR_CONTACTS = 6, /**< pairs: a cb_pair_contacts (capacity, cursor) */
    CB_OUTPUT_INT_DISTANCES = 7, /**< a cb_int_distances whose arrays have room for n */
    CB_OUTPUT_INT_CONTACTS = 8,  /**< a cb_int_contacts whose arrays have room for n */
    CB_OUTPUT_INT_PAIR_CONTACTS = 9, /**< pairs: a cb_int_pair_contacts (capacity, cursor) */
    CB_OUTPUT_TIMES = 10,            /**< n floats: every element's time of first contact */
    CB_OUTPUT_HITS = 11,      /**< a cb_sweep_hits whose arrays have room for n: every hit */
    CB_OUTPUT_FIRST_HIT = 12, /**< a cb_sweep_hits whose arrays have room for 1: the first hit */
    CB_OUTPUT_PAIR_FIRST_HITS = 13 /**< pairs: a cb_pair_sweep_hits (capacity, cursor): each
                                        sweep's first hit */
} cb_output;

/** One entry: its public function's name and the parts the name is made of. */
typedef struct cb_entry_info {
    const char *name; /**< the public function, e.g. "cb_batch_overlap" */
    cb_form form;
    cb_query query;
    cb_shape one;     /**< batch: the single shape (cb_args.circle, .box, .obox, .icircle or
                           .ibox); pairs, candidates: CB_SHAPE_CIRCLE, the set
                           (cb_args.circles), CB_SHAPE_ICIRCLE (cb_args.icircles), or for
                           pairs CB_SHAPE_SWEEP (cb_args.sweeps) */
    cb_shape many;    /**< the elements (cb_args.many): CIRCLE, BOX, OBOX, ICIRCLE, IBOX,
                           SWEEP (moving circles against one box); pairs also SELF (the
                           set itself) and GRID (a cb_grid) */
    cb_layout layout; /**< the elements' layout (always SOA but for batch queries) */
    cb_output output; /**< what cb_args.out points to */
} cb_entry_info;

/**
 * The arguments of one call of any entry, as one struct. Fields an entry
 * does not read are ignored (set them to zero).
 */
typedef struct cb_args {
    cb_circle circle;             /**< batch: the single circle, when one is CB_SHAPE_CIRCLE */
    cb_box box;                   /**< batch: the single box, when one is CB_SHAPE_BOX */
    const void *many;             /**< the elements: cb_box_soa *, cb_box *, cb_circle_soa *,
                                       cb_circle *, cb_obox_soa *, cb_obox *, cb_sweep_soa * or
                                       cb_sweep *; a const cb_grid * (GRID); ignored for SELF */
    size_t n;                     /**< the number of elements (batch n, pairs and candidates m;
                                       ignored for GRID and SELF) */
    void *out;                    /**< the output, as the entry's cb_output says */
    unsigned flags;               /**< as the query functions' flags */
    float margin;                 /**< contacts: the margin */
    cb_obox obox;                 /**< batch: the single oriented box, when one is CB_SHAPE_OBOX */
    const cb_circle_soa *circles; /**< pairs, candidates: the set, when one is CB_SHAPE_CIRCLE */
    size_t n_circles;
    const cb_pair *candidates;    /**< candidates: the pairs to test */
    size_t n_candidates;
    cb_pair_cursor *cursor;       /**< pairs: the range, start and resume point */
    size_t capacity;              /**< pairs, lists (PAIRS, PAIR_CONTACTS): room in out */
    void *scratch;                /**< pairs but GRID: cb_pairs_scratch_size bytes, or NULL */
    cb_icircle icircle;           /**< batch: the single circle, when one is CB_SHAPE_ICIRCLE */
    cb_ibox ibox;                 /**< batch: the single box, when one is CB_SHAPE_IBOX */
    const cb_icircle_soa *icircles; /**< pairs, candidates: the set, when one is CB_SHAPE_ICIRCLE */
    cb_sweep sweep;               /**< batch: the single sweep, when one is CB_SHAPE_SWEEP */
    const cb_sweep_soa *sweeps;   /**< pairs, candidates: the set, when one is CB_SHAPE_SWEEP */
} cb_args;

/** A raw kernel: see cb_entry_kernel. */
typedef size_t (*cb_kernel_fn)(const cb_args *args);

/** The number of entries. */
CB_API size_t cb_entry_count(void);

/** The description of entry e, or NULL when e >= cb_entry_count(). */
CB_API const cb_entry_info *cb_entry_info_of(size_t e);

/**
 * The entry whose parts (form, query, one, many, layout, output) are want's
 * (its name is ignored), or cb_entry_count() when there is none or want is
 * NULL.
 */
CB_API size_t cb_entry_lookup(const cb_entry_info *want);

/** The entry whose public function is called name ("cb_batch_overlap_aos"), or cb_entry_count() when none is. */
CB_API size_t cb_entry_find(const char *name);

/**
 * cb_entry_call - call entry e's public function with the arguments in *args:
 * the same argument checks, float-environment guard and active backend.
 * Return: what that function returns; CB_INVALID when e is out of range or
 * args is NULL.
 */
CB_API size_t cb_entry_call(size_t e, const cb_args *args);

/**
 * cb_entry_kernel - the raw kernel of entry e on backend b, for tests and
 * benchmarks that call backends side by side in one process without changing
 * the global choice. A raw kernel does no argument checks (n > 0 needs valid
 * pointers; index outputs need n <= CB_INDEX_MAX_N; candidate indices must
 * be in range, a pairs cursor valid and its scratch not NULL), reads only
 * the CB_STRICT bit of flags, and runs in the caller's floating-point
 * environment. Semantics otherwise as the public function.
 * Return: the kernel, or NULL when e is out of range or b is not compiled in
 * or cannot run here (cb_backend_status says why).
 */
CB_API cb_kernel_fn cb_entry_kernel(size_t e, cb_backend b);

#ifdef __cplusplus
}
#endif

#endif /* CBATCH_H */
