(module
  (memory (export "memory") 1)
  ;; A row's sum so far, plus its last dims % 4 products one at a time (the order of the one-row loop).
  (func $finishTail (param $sum f32) (param $m i32) (param $q i32) (param $j i32) (param $dims i32) (result f32)
    (block $done
      (loop $s
        (br_if $done (i32.ge_u (local.get $j) (local.get $dims)))
        (local.set $sum
          (f32.add (local.get $sum)
            (f32.mul
              (f32.load (i32.add (local.get $m) (i32.shl (local.get $j) (i32.const 2))))
              (f32.load (i32.add (local.get $q) (i32.shl (local.get $j) (i32.const 2)))))))
        (local.set $j (i32.add (local.get $j) (i32.const 1)))
        (br $s)))
    (local.get $sum))
  ;; Σ of a row's four lanes, then its last dims % 4 products one at a time.
  (func $finish (param $acc v128) (param $m i32) (param $q i32) (param $j i32) (param $dims i32) (result f32)
    (call $finishTail
      (f32.add
        (f32.add (f32x4.extract_lane 0 (local.get $acc)) (f32x4.extract_lane 1 (local.get $acc)))
        (f32.add (f32x4.extract_lane 2 (local.get $acc)) (f32x4.extract_lane 3 (local.get $acc))))
      (local.get $m) (local.get $q) (local.get $j) (local.get $dims)))
  ;; dots(matrix, rows, dims, query, out): out[r] = matrix[r] · query, f32 lanes four at a time, four rows at a time.
  (func $dots (export "dots") (param $m i32) (param $rows i32) (param $dims i32) (param $q i32) (param $out i32)
    (local $r i32) (local $o i32) (local $end i32) (local $whole i32) (local $stride i32) (local $p i32)
    (local $qv v128) (local $a0 v128) (local $a1 v128) (local $a2 v128) (local $a3 v128)
    (local $u0 v128) (local $u1 v128) (local $v0 v128) (local $v1 v128)
    (local.set $whole (i32.and (local.get $dims) (i32.const -4)))
    (local.set $end (i32.shl (local.get $whole) (i32.const 2)))
    (local.set $stride (i32.shl (local.get $dims) (i32.const 2)))
    (block $fours
      (loop $four
        (br_if $fours (i32.gt_u (i32.add (local.get $r) (i32.const 4)) (local.get $rows)))
        (local.set $a0 (v128.const f32x4 0 0 0 0))
        (local.set $a1 (v128.const f32x4 0 0 0 0))
        (local.set $a2 (v128.const f32x4 0 0 0 0))
        (local.set $a3 (v128.const f32x4 0 0 0 0))
        (local.set $o (i32.const 0))
        (block $vdone
          (loop $v
            (br_if $vdone (i32.ge_u (local.get $o) (local.get $end)))
            (local.set $qv (v128.load (i32.add (local.get $q) (local.get $o))))
            (local.set $p (i32.add (local.get $m) (local.get $o)))
            (local.set $a0 (f32x4.add (local.get $a0) (f32x4.mul (v128.load (local.get $p)) (local.get $qv))))
            (local.set $p (i32.add (local.get $p) (local.get $stride)))
            (local.set $a1 (f32x4.add (local.get $a1) (f32x4.mul (v128.load (local.get $p)) (local.get $qv))))
            (local.set $p (i32.add (local.get $p) (local.get $stride)))
            (local.set $a2 (f32x4.add (local.get $a2) (f32x4.mul (v128.load (local.get $p)) (local.get $qv))))
            (local.set $p (i32.add (local.get $p) (local.get $stride)))
            (local.set $a3 (f32x4.add (local.get $a3) (f32x4.mul (v128.load (local.get $p)) (local.get $qv))))
            (local.set $o (i32.add (local.get $o) (i32.const 16)))
            (br $v)))
        ;; The four rows' sums at once: the accumulators transposed (lane k of every row in one vector), then
        ;; (l0 + l1) + (l2 + l3) lane by lane, the additions $finish makes for one row, and the rows' last
        ;; dims % 4 products (none for GloVe's 100) each in turn. A call to $finish per row cost a fifth of the products.
        (local.set $u0 (i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23 (local.get $a0) (local.get $a1)))
        (local.set $u1 (i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31 (local.get $a0) (local.get $a1)))
        (local.set $v0 (i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23 (local.get $a2) (local.get $a3)))
        (local.set $v1 (i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31 (local.get $a2) (local.get $a3)))
        (local.set $p (i32.add (local.get $out) (i32.shl (local.get $r) (i32.const 2))))
        (v128.store (local.get $p)
          (f32x4.add
            (f32x4.add
              (i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23 (local.get $u0) (local.get $v0))
              (i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31 (local.get $u0) (local.get $v0)))
            (f32x4.add
              (i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23 (local.get $u1) (local.get $v1))
              (i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31 (local.get $u1) (local.get $v1)))))
        (if (i32.lt_u (local.get $whole) (local.get $dims))
          (then
            (local.set $o (i32.const 0))
            (loop $tail
              (f32.store (i32.add (local.get $p) (i32.shl (local.get $o) (i32.const 2)))
                (call $finishTail
                  (f32.load (i32.add (local.get $p) (i32.shl (local.get $o) (i32.const 2))))
                  (i32.add (local.get $m) (i32.mul (local.get $o) (local.get $stride)))
                  (local.get $q) (local.get $whole) (local.get $dims)))
              (local.set $o (i32.add (local.get $o) (i32.const 1)))
              (br_if $tail (i32.lt_u (local.get $o) (i32.const 4))))))
        (local.set $m (i32.add (local.get $m) (i32.shl (local.get $stride) (i32.const 2))))
        (local.set $r (i32.add (local.get $r) (i32.const 4)))
        (br $four)))
    ;; The last rows % 4 rows, one at a time.
    (block $done
      (loop $row
        (br_if $done (i32.ge_u (local.get $r) (local.get $rows)))
        (local.set $a0 (v128.const f32x4 0 0 0 0))
        (local.set $o (i32.const 0))
        (block $odone
          (loop $one
            (br_if $odone (i32.ge_u (local.get $o) (local.get $end)))
            (local.set $a0
              (f32x4.add (local.get $a0)
                (f32x4.mul (v128.load (i32.add (local.get $m) (local.get $o))) (v128.load (i32.add (local.get $q) (local.get $o))))))
            (local.set $o (i32.add (local.get $o) (i32.const 16)))
            (br $one)))
        (f32.store (i32.add (local.get $out) (i32.shl (local.get $r) (i32.const 2)))
          (call $finish (local.get $a0) (local.get $m) (local.get $q) (local.get $whole) (local.get $dims)))
        (local.set $m (i32.add (local.get $m) (local.get $stride)))
        (local.set $r (i32.add (local.get $r) (i32.const 1)))
        (br $row))))
  ;; nearness(pages, starts, cards, cos, held, lo, near, list) → n: each page's nearness to the query from its rows'
  ;; products in cos, as memory.ts weighs them (0.4 × its card + 0.6 × its best passage, or the card alone without
  ;; a passage above -1), in float64 and then float32 as JavaScript would, into near; and into list, in order, the
  ;; pages that may score: those nearer than lo (the bar the caller sets) or holding a word (held ≠ 0, also set for a
  ;; page it must score). One pass with no call per page.
  (func (export "nearness") (param $pages i32) (param $starts i32) (param $cards i32) (param $cos i32) (param $held i32)
    (param $lo f64) (param $near i32) (param $list i32) (result i32)
    (local $p i32) (local $i i32) (local $end i32) (local $c i32) (local $n i32) (local $at i32)
    (local $best f32) (local $card f32) (local $value f32) (local $lanes v128)
    (local.set $i (i32.load (local.get $starts)))
    (block $done
      (loop $page
        (br_if $done (i32.ge_u (local.get $p) (local.get $pages)))
        (local.set $at (i32.shl (local.get $p) (i32.const 2)))
        (local.set $end (i32.load (i32.add (local.get $starts) (i32.add (local.get $at) (i32.const 4)))))
        ;; The best passage's product, in a vector's lane 0: f32x4.pmax (best < x ? x : best) is one instruction
        ;; without a branch, where f32.max compiles to compares and jumps for NaN and signed zeros.
        (local.set $lanes (v128.const f32x4 -1 -1 -1 -1))
        (block $pdone
          (loop $pass
            (br_if $pdone (i32.ge_u (local.get $i) (local.get $end)))
            (local.set $lanes (f32x4.pmax (local.get $lanes) (v128.load32_splat (i32.add (local.get $cos) (i32.shl (local.get $i) (i32.const 2))))))
            (local.set $i (i32.add (local.get $i) (i32.const 1)))
            (br $pass)))
        (local.set $best (f32x4.extract_lane 0 (local.get $lanes)))
        (local.set $c (i32.load (i32.add (local.get $cards) (local.get $at))))
        (local.set $card (local.get $best))
        (if (i32.ge_s (local.get $c) (i32.const 0))
          (then (local.set $card (f32.load (i32.add (local.get $cos) (i32.shl (local.get $c) (i32.const 2)))))))
        (local.set $value
          (f32.demote_f64
            (f64.add
              (f64.mul (f64.const 0.4) (f64.promote_f32 (local.get $card)))
              (f64.mul (f64.const 0.6)
                (f64.promote_f32 (select (local.get $best) (local.get $card) (f32.gt (local.get $best) (f32.const -1))))))))
        (f32.store (i32.add (local.get $near) (local.get $at)) (local.get $value))
        (i32.store (i32.add (local.get $list) (i32.shl (local.get $n) (i32.const 2))) (local.get $p))
        (local.set $n
          (i32.add (local.get $n)
            (i32.or
              (f32.ne (f32.load (i32.add (local.get $held) (local.get $at))) (f32.const 0))
              (f64.gt (f64.promote_f32 (local.get $value)) (local.get $lo)))))
        (local.set $p (i32.add (local.get $p) (i32.const 1)))
        (br $page)))
    (local.get $n))
  ;; combine(rows4, k, slots, weights, mdots, scale, out): out[r] = Σ_i weights[i] × scale × slot_i[r] − scale × mdots[r]
  ;; (rows4 is the rows rounded up to a multiple of four; slots[i] is the offset of word i's products): a query's
  ;; products as the weighted sum of its words' products, each word's made once (page-meaning.ts). A pass over the
  ;; rows per word, four rows at a time: one weight for the whole pass, where a pass over the words per four rows
  ;; read each word's weight and offset again.
  (func (export "combine") (param $rows i32) (param $k i32) (param $slots i32) (param $weights i32) (param $mdots i32)
    (param $scale f32) (param $out i32)
    (local $o i32) (local $i i32) (local $end i32) (local $from i32) (local $w v128)
    (local.set $end (i32.shl (local.get $rows) (i32.const 2)))
    (local.set $w (f32x4.splat (f32.neg (local.get $scale))))
    (block $mdone
      (loop $m
        (br_if $mdone (i32.ge_u (local.get $o) (local.get $end)))
        (v128.store (i32.add (local.get $out) (local.get $o))
          (f32x4.mul (v128.load (i32.add (local.get $mdots) (local.get $o))) (local.get $w)))
        (local.set $o (i32.add (local.get $o) (i32.const 16)))
        (br $m)))
    (block $wdone
      (loop $word
        (br_if $wdone (i32.ge_u (local.get $i) (local.get $k)))
        (local.set $w
          (f32x4.splat (f32.mul (f32.load (i32.add (local.get $weights) (i32.shl (local.get $i) (i32.const 2)))) (local.get $scale))))
        (local.set $from (i32.load (i32.add (local.get $slots) (i32.shl (local.get $i) (i32.const 2)))))
        (local.set $o (i32.const 0))
        (block $rdone
          (loop $r
            (br_if $rdone (i32.ge_u (local.get $o) (local.get $end)))
            (v128.store (i32.add (local.get $out) (local.get $o))
              (f32x4.add (v128.load (i32.add (local.get $out) (local.get $o)))
                (f32x4.mul (v128.load (i32.add (local.get $from) (local.get $o))) (local.get $w))))
            (local.set $o (i32.add (local.get $o) (i32.const 16)))
            (br $r)))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $word))))
)
