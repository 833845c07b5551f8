//! `tools/play.sh`, what `make play` runs once the ROM is built: with a display it opens the
//! ROM in mGBA, which Debian installs as /usr/games/mgba, off root's PATH (issue #14 item 10).

use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::process::Command;

#[test]
fn with_a_display_mgba_is_found_in_the_games_folder_and_named() {
    let games = std::env::temp_dir().join(format!("hitori-play-{}", std::process::id()));
    std::fs::create_dir_all(&games).unwrap();
    // A stand-in for mGBA that records how it was started.
    let mgba = games.join("mgba");
    std::fs::write(&mgba, "#!/bin/sh\necho \"$@\" > \"$(dirname \"$0\")/started\"\n").unwrap();
    std::fs::set_permissions(&mgba, std::fs::Permissions::from_mode(0o755)).unwrap();

    let output = Command::new(Path::new(env!("CARGO_MANIFEST_DIR")).join("tools/play.sh"))
        .arg("target/hitori.gb")
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("GAMES_DIR", &games)
        .env("DISPLAY", ":99")
        .env_remove("WAYLAND_DISPLAY")
        .env("PATH", "/usr/bin:/bin")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{stdout}{}", String::from_utf8_lossy(&output.stderr));
    assert!(stdout.contains(&format!("in mGBA ({})", mgba.display())), "{stdout}");
    let started = std::fs::read_to_string(games.join("started")).unwrap();
    assert_eq!(started.trim(), "-3 target/hitori.gb");
    std::fs::remove_dir_all(&games).unwrap();
}
