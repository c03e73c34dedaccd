//! Embeds the shipped model when `model/` at the repository root holds one.

fn main() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../model");
    println!("cargo::rustc-check-cfg=cfg(shipped_model)");
    println!(
        "cargo::rerun-if-changed={}",
        dir.join("model.safetensors").display()
    );
    println!(
        "cargo::rerun-if-changed={}",
        dir.join("config.json").display()
    );
    if dir.join("model.safetensors").is_file() && dir.join("config.json").is_file() {
        println!("cargo::rustc-cfg=shipped_model");
    }
}
