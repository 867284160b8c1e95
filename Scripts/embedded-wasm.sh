# The one definition of how Kinetic's modules are compiled as Embedded Swift for WebAssembly and
# linked, sourced by Scripts/embedded-check and Scripts/build-web. Defines:
#
#   EMBEDDED_FLAGS             swiftc's flags for wasm32-unknown-none-wasm
#   EMBEDDED_BROWSER_FLAGS     what the browser's module adds to them: WebAssembly SIMD (simd128),
#                              which every current browser runs and wasmkit 0.1 does not (so the
#                              smoke test stays without it); the browser test checks the module
#                              against native bit for bit
#   EMBEDDED_CORE              the library modules every app links, in dependency order
#   embedded_find_libc         wasi-libc's libc.a, or nothing
#   embedded_find_builtins     the newest libclang_rt.builtins-wasm32.a, or nothing
#   embedded_unicode_tables    Embedded Swift's Unicode tables archive (String comparison needs it)
#   embedded_module NAME DIR OUT [DIR2]
#                              compiles every .swift file under DIR (and DIR2) as module NAME into
#                              OUT/NAME.o and OUT/NAME.swiftmodule (importing what OUT already
#                              holds); prints one line first (after $EMBEDDED_PREFIX, with the
#                              seconds since $EMBEDDED_CLOCK if set); status 1 with a message if
#                              it fails; with EMBEDDED_THREADS=N (N > 1), LLVM's part of the
#                              compile runs on N threads
EMBEDDED_FLAGS=(
    -target wasm32-unknown-none-wasm
    -enable-experimental-feature Embedded
    -enable-experimental-feature Extern
    -wmo -Osize -parse-as-library
    -package-name Kinetic                   # as SwiftPM passes: the targets share `package` API
    -Xfrontend -disable-stack-protector     # else the link needs __stack_chk_guard
)
EMBEDDED_BROWSER_FLAGS=(-Xcc -msimd128)   # the contact bundles' SIMD4<Double> as two f64x2 each
EMBEDDED_CORE=(Kinetic KineticScene KineticDynamics KineticPOP KineticHost KineticWasm)

embedded_find_libc() {
    ls /usr/lib/wasm32-wasi/libc.a 2>/dev/null || dpkg -L wasi-libc 2>/dev/null | grep '/libc\.a$' | head -n 1 || true
}
embedded_find_builtins() {
    ls /usr/lib/llvm-*/lib/clang/*/lib/wasi/libclang_rt.builtins-wasm32.a 2>/dev/null | sort -V | tail -n 1 || true
}
embedded_unicode_tables() {
    echo "$(dirname "$(command -v swiftc)")/../lib/swift/embedded/wasm32-unknown-none-wasm/libswiftUnicodeDataTables.a"
}
embedded_module() {   # NAME DIR OUT [DIR2]
    local name=$1 dir=$2 out=$3 sources
    mapfile -d '' sources < <(find "$dir" ${4:+"$4"} -name '*.swift' -print0 | sort -z)
    ((${#sources[@]})) || { echo "${EMBEDDED_PREFIX:-}no Swift files in $dir" >&2; return 1; }
    echo "${EMBEDDED_PREFIX:-}compiling $name (${#sources[@]} files, Embedded Swift for wasm32)${EMBEDDED_CLOCK:+ at $((SECONDS - EMBEDDED_CLOCK)) s}" >&2
    if ((${EMBEDDED_THREADS:-1} > 1)); then
        # LLVM's half of the compile on that many threads, one object a source file, joined into
        # OUT/NAME.o by a relocatable link (the optimiser's half stays on one).
        [[ "$out" = /* ]] || out="$PWD/$out"
        local parts="$out/$name.parts" source
        for source in "${!sources[@]}"; do [[ "${sources[$source]}" = /* ]] || sources[$source]="$PWD/${sources[$source]}"; done
        rm -rf "$parts"; mkdir -p "$parts"
        (cd "$parts" && swiftc "${EMBEDDED_FLAGS[@]}" -module-name "$name" -I "$out" -num-threads "$EMBEDDED_THREADS" \
            -emit-module -emit-module-path "$out/$name.swiftmodule" -c "${sources[@]}") \
            && wasm-ld -r "$parts"/*.o -o "$out/$name.o" && rm -rf "$parts" \
            || { rm -rf "$parts"; echo "${EMBEDDED_PREFIX:-}$name does not compile as Embedded Swift for wasm32" >&2; return 1; }
        return 0
    fi
    swiftc "${EMBEDDED_FLAGS[@]}" -module-name "$name" -I "$out" \
        -emit-module -emit-module-path "$out/$name.swiftmodule" -c "${sources[@]}" -o "$out/$name.o" \
        || { echo "${EMBEDDED_PREFIX:-}$name does not compile as Embedded Swift for wasm32" >&2; return 1; }
}
