"""Starts `drawc lsp` (the binary named by $DRAWC) for each test, as VS Code would."""

import os
import pathlib

import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

ROOT = pathlib.Path(__file__).resolve().parents[3]
DRAWC = os.environ.get("DRAWC", str(ROOT / ".build" / "debug" / "drawc"))
FONTS = ROOT / "Tests" / "Fonts"


@pytest_lsp.fixture(
    config=ClientServerConfig(
        server_command=[DRAWC, "lsp", "--font-path", str(FONTS)],
        server_env={"HOME": os.environ.get("HOME", "/tmp"), "PATH": os.environ.get("PATH", "")},
    ),
)
async def client(lsp_client: LanguageClient):
    lsp_client.initialize_result = await lsp_client.initialize_session(
        types.InitializeParams(capabilities=client_capabilities("visual-studio-code"))
    )
    yield
    await lsp_client.shutdown_session()
