mod support;
#[test]
fn probe() {
    let r = support::run_c("probe", r#"
void f1_corpus_common_Sum_add(uint8_t *p0, uint32_t p1) { report(p1); }
/* corpus_intrinsics::corpus::intrinsics::u8_ops */
void f3_corpus_intrinsics_u8_ops(uint8_t p0, uint8_t p1, uint8_t *p2) {
    uint8_t v0;
    uint8_t v1;
    uint8_t v2;
    uint8_t o3;
    uint32_t v4;
    uint8_t v5;
    uint8_t v6;
    uint8_t v7;
    uint8_t v8;
    uint8_t v9;
    uint32_t v10;
    uint8_t v11;
    uint8_t v12;
    uint8_t v13;
    uint8_t v14;
    uint8_t v15;
    uint8_t v16;
    uint32_t v17;
    uint32_t v18;
    uint8_t v19;
    uint8_t v20;
    uint8_t v21;
    uint8_t v22;
    uint32_t t23;
b0:;
    v0 = (uint8_t)(p1 + p0);
    f1_corpus_common_Sum_add(p2, ((((v0 < p0)) ? 0xffff0001ul : ((((uint32_t)(v0)) | 0x50000000ul)))));
    v1 = (p0 < p1);
    f1_corpus_common_Sum_add(p2, ((v1 ? 0xffff0001ul : ((((uint32_t)(((v1 ? 0u : ((uint8_t)(p0 - p1)))))) | 0x50000000ul)))));
    t23 = (uint32_t)p0 * (uint32_t)p1; report(t23);
    v2 = (uint8_t)(t23);
    o3 = t23 > 0xfful;
    v4 = (uint32_t)(v2);
    f1_corpus_common_Sum_add(p2, ((o3 ? 0xffff0001ul : ((v4 | 0x50000000ul)))));
    f1_corpus_common_Sum_add(p2, ((((o3 ? 0x80000000ul : 0ul)) | v4)));
    v5 = (uint8_t)(p0 + p1);
    if (v5 < p0) v5 = 0xffu;
    f1_corpus_common_Sum_add(p2, ((uint32_t)(v5)));
    v6 = p0 < p1 ? 0u : (uint8_t)(p0 - p1);
    f1_corpus_common_Sum_add(p2, ((uint32_t)(v6)));
    v7 = (uint8_t)((uint8_t)(cbe_ctlz8(p0) - 0u));
    f1_corpus_common_Sum_add(p2, ((uint32_t)(v7)));
    v8 = (uint8_t)(cbe_cttz8(p0));
    f1_corpus_common_Sum_add(p2, ((uint32_t)(v8)));
    v9 = (uint8_t)(cbe_ctpop8(p0));
    f1_corpus_common_Sum_add(p2, ((uint32_t)(v9)));
    v10 = (uint32_t)(p0);
    f1_corpus_common_Sum_add(p2, v10);
    v11 = (uint8_t)((uint8_t)(cbe_bitrev8(p0) >> 0));
    f1_corpus_common_Sum_add(p2, ((uint32_t)(v11)));
    v12 = (uint8_t)(((uint16_t)p0 << 3) | (p0 >> 5));
    f1_corpus_common_Sum_add(p2, ((uint32_t)(v12)));
    v13 = (uint8_t)(cbe_fshr32(p0, p0, p1, 8u));
    f1_corpus_common_Sum_add(p2, ((uint32_t)(v13)));
    v14 = (p1 < p0 ? p1 : p0);
    f1_corpus_common_Sum_add(p2, ((uint32_t)(v14)));
    v15 = (p1 > p0 ? p1 : p0);
    f1_corpus_common_Sum_add(p2, ((uint32_t)(v15)));
    v16 = (p0 < p1 ? 0xffu : (p0 > p1 ? 1u : 0u));
    switch (v16) {
    case 0xffu: v17 = 1ul; goto b4;
    case 0u: goto b2;
    case 1u: goto b3;
    default: goto b1;
    }
b1:;
    cbe_trap(3u);
b2:;
    v17 = 2ul; goto b4;
b3:;
    v17 = 3ul; goto b4;
b4:;
    f1_corpus_common_Sum_add(p2, v17);
    v18 = (((((uint32_t)(v10 - ((uint32_t)(p1)))) >> 31) & 1) ? (uint32_t)(0ul - ((uint32_t)(v10 - ((uint32_t)(p1))))) : ((uint32_t)(v10 - ((uint32_t)(p1)))));
    f1_corpus_common_Sum_add(p2, v18);
    if (((p0 < 2u))) { v22 = 1u; goto b6; }
    goto b5;
b5:;
    v19 = (uint8_t)((uint8_t)(cbe_ctlz8(((uint8_t)(p0 + 0xffu))) - 0u));
    v20 = v19;
    v21 = (((v20 == 0u)) ? 7u : ((uint8_t)(((uint8_t)(0xffu >> (uint8_t)(v20 & 7))) + 1u)));
    v22 = v21; goto b6;
b6:;
    f1_corpus_common_Sum_add(p2, ((uint32_t)(v22)));
    return;
}

void run(void) {
  volatile uint8_t a = 255, b = 0;
  uint8_t s[4];
  f3_corpus_intrinsics_u8_ops(a, b, s);
}
"#);
    eprintln!("{r:x?}");
}
