"""A do-nothing Telegram bot on aiohttp, for `roastbot-bench cpu --compare`: the CPU floor of a bot
that makes the same Bot API requests as roastbot on the benchmark's mix and does nothing else.

Long-polls getUpdates; answers each command with one sendMessage (a /roast with reaction buttons
and 🔁, as roastbot's roasts have, so the benchmark can press them), and each button press with
answerCallbackQuery and editMessageReplyMarkup. No database, no rendering, no throttle.

Run: python3 bench/aiohttp_bot.py [--config IGNORED] with TELEGRAM_BOT_TOKEN and TELEGRAM_API_URL set, with a
python3 that has aiohttp (Debian's has not: a venv, as docs/performance.md shows).
"""

import asyncio
import os
import signal

import aiohttp

KEYBOARD = {
    "inline_keyboard": [
        [
            {"text": "😂 0", "callback_data": "r:1:lol"},
            {"text": "🔥 0", "callback_data": "r:1:fire"},
            {"text": "💀 0", "callback_data": "r:1:dead"},
            {"text": "😴 0", "callback_data": "r:1:meh"},
        ],
        [{"text": "⭐", "callback_data": "f:1"}, {"text": "🔁", "callback_data": "a:1"}],
    ]
}


async def main() -> None:
    base = os.environ["TELEGRAM_API_URL"].rstrip("/") + "/bot" + os.environ["TELEGRAM_BOT_TOKEN"] + "/"
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    loop.add_signal_handler(signal.SIGTERM, stop.set)
    loop.add_signal_handler(signal.SIGINT, stop.set)
    tasks: set[asyncio.Task] = set()
    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as session:

        async def call(method: str, body: dict):
            async with session.post(base + method, json=body) as response:
                return await response.json()

        async def handle(update: dict) -> None:
            if "message" in update:
                message = update["message"]
                text = message.get("text", "")
                body = {
                    "chat_id": message["chat"]["id"],
                    "text": "<b>A roast</b> for you" if text.startswith("/roast") else "Your streak: 1 day",
                    "parse_mode": "HTML",
                    "reply_parameters": {"message_id": message["message_id"], "allow_sending_without_reply": True},
                    "link_preview_options": {"is_disabled": True},
                }
                if text.startswith("/roast"):
                    body["reply_markup"] = KEYBOARD
                await call("sendMessage", body)
            elif "callback_query" in update:
                query = update["callback_query"]
                await call("answerCallbackQuery", {"callback_query_id": query["id"]})
                message = query["message"]
                await call(
                    "editMessageReplyMarkup",
                    {"chat_id": message["chat"]["id"], "message_id": message["message_id"], "reply_markup": KEYBOARD},
                )

        await call("getMe", {})
        offset = None
        poll = None
        while not stop.is_set():
            body = {"timeout": 50, "limit": 100}
            if offset is not None:
                body["offset"] = offset
            poll = asyncio.ensure_future(call("getUpdates", body))
            stopping = asyncio.ensure_future(stop.wait())
            done, _ = await asyncio.wait({poll, stopping}, return_when=asyncio.FIRST_COMPLETED)
            if stopping in done:
                poll.cancel()
                break
            stopping.cancel()
            for update in poll.result().get("result", []):
                offset = update["update_id"] + 1
                task = asyncio.create_task(handle(update))
                tasks.add(task)
                task.add_done_callback(tasks.discard)
        if tasks:
            await asyncio.wait(tasks, timeout=5)


if __name__ == "__main__":
    asyncio.run(main())
