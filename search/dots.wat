(module
  (memory (export "memory") 1)
  ;; Σ of a row's four lanes, then its last dims % 4 products one at a time (the order of the one-row loop).
  (func $finish (param $acc v128) (param $m i32) (param $q i32) (param $j i32) (param $dims i32) (result f32)
    (local $sum f32)
    (local.set $sum
      (f32.add
        (f32.add (f32x4.extract_lane 0 (local.get $acc)) (f32x4.extract_lane 1 (local.get $acc)))
        (f32.add (f32x4.extract_lane 2 (local.get $acc)) (f32x4.extract_lane 3 (local.get $acc)))))
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
  ;; dots(matrix, rows, dims, query, out): out[r] = matrix[r] · query, f32 lanes four at a time, four rows at a time.
  (func (export "dots") (param $m i32) (param $rows i32) (param $dims i32) (param $q i32) (param $out i32)
    (local $r i32) (local $o i32) (local $end i32) (local $whole i32) (local $stride i32) (local $p i32)
    (local $qv v128) (local $a0 v128) (local $a1 v128) (local $a2 v128) (local $a3 v128)
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
        (local.set $p (i32.add (local.get $out) (i32.shl (local.get $r) (i32.const 2))))
        (f32.store (local.get $p) (call $finish (local.get $a0) (local.get $m) (local.get $q) (local.get $whole) (local.get $dims)))
        (local.set $m (i32.add (local.get $m) (local.get $stride)))
        (f32.store offset=4 (local.get $p) (call $finish (local.get $a1) (local.get $m) (local.get $q) (local.get $whole) (local.get $dims)))
        (local.set $m (i32.add (local.get $m) (local.get $stride)))
        (f32.store offset=8 (local.get $p) (call $finish (local.get $a2) (local.get $m) (local.get $q) (local.get $whole) (local.get $dims)))
        (local.set $m (i32.add (local.get $m) (local.get $stride)))
        (f32.store offset=12 (local.get $p) (call $finish (local.get $a3) (local.get $m) (local.get $q) (local.get $whole) (local.get $dims)))
        (local.set $m (i32.add (local.get $m) (local.get $stride)))
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
