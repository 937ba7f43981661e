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
  (func (export "dots") (param $m i32) (param $rows i32) (param $dims i32) (param $q i32) (param $out i32)
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
        (br $row)))))
