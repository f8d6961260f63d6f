"""Checks that python-chess can drive `fairyboard uci` for orthodox chess: the handshake,
options, a few moves of play by time, an analysis to a depth, and infinite analysis
stopped. Not part of CI (it needs Python and the `chess` package).

Run from the repository root:

    cargo build --release
    python3 -m venv /tmp/pychess && /tmp/pychess/bin/pip install chess
    /tmp/pychess/bin/python scripts/uci_python_check.py [path/to/fairyboard]
"""

import sys
import time

import chess
import chess.engine

ENGINE = sys.argv[1] if len(sys.argv) > 1 else "target/release/fairyboard"


def main() -> None:
    with chess.engine.SimpleEngine.popen_uci([ENGINE, "uci"]) as engine:
        print("engine:", engine.id.get("name"))
        print("options:", ", ".join(engine.options))
        engine.configure({"Hash": 32})

        # A few moves each side, 0.1 s a move.
        board = chess.Board()
        for _ in range(6):
            start = time.monotonic()
            result = engine.play(board, chess.engine.Limit(time=0.1))
            took = time.monotonic() - start
            assert result.move in board.legal_moves, result.move
            print(f"{board.fen()}  ->  {board.san(result.move)} ({took * 1000:.0f} ms)")
            board.push(result.move)

        # Play by clock, as a GUI sends it.
        result = engine.play(board, chess.engine.Limit(white_clock=5, black_clock=5, white_inc=0.1, black_inc=0.1))
        print("by clock:", board.san(result.move))

        info = engine.analyse(board, chess.engine.Limit(depth=5))
        print("analyse depth 5:", info["depth"], info["score"], board.variation_san(info["pv"]))

        # A mate in one, found and scored as a mate.
        mate = chess.Board("r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4")
        info = engine.analyse(mate, chess.engine.Limit(depth=3))
        print("mate in one:", info["score"], mate.san(info["pv"][0]))
        assert info["pv"][0] == chess.Move.from_uci("h5f7")

        # Infinite analysis, stopped after a moment.
        with engine.analysis(chess.Board()) as analysis:
            time.sleep(0.3)
            start = time.monotonic()
            analysis.stop()
            best = analysis.wait()
            print(f"infinite analysis stopped in {(time.monotonic() - start) * 1000:.0f} ms:", best.move)

        # A level.
        engine.configure({"Level": 2})
        result = engine.play(chess.Board(), chess.engine.Limit(time=0.1))
        print("level 2:", result.move)
    print("ok")


if __name__ == "__main__":
    main()
