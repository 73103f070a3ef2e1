//! `toolform`: snapshot any MCP server's tools and diff two snapshots for
//! breaking changes. See `toolform --help`.

fn main() -> std::process::ExitCode {
    let code = toolform_cli::run(
        std::env::args_os(),
        &mut std::io::stdout().lock(),
        &mut std::io::stderr().lock(),
    );
    std::process::ExitCode::from(code)
}
