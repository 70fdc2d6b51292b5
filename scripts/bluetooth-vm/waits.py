# The Bluetooth tier's one bounded wait: a state read again and again until it holds or a deadline
# passes, for the tier's blocking code (`wait_for`) and for its scenarios on asyncio (`await_for`).
import asyncio
import time


def _reads(predicate, timeout):
    """Each read of `predicate` and whether it is the last: the first truthy value, or the one read once
    `timeout` seconds passed."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        last = bool(value) or time.monotonic() > deadline
        yield value, last
        if last:
            return


def wait_for(predicate, timeout, step=0.05):
    """`predicate`'s first truthy value within `timeout` seconds, read every `step`, else its last."""
    for value, last in _reads(predicate, timeout):
        if last:
            return value
        time.sleep(step)


async def await_for(predicate, timeout, step=0.02):
    """`wait_for` on asyncio: the event loop runs between reads."""
    for value, last in _reads(predicate, timeout):
        if last:
            return value
        await asyncio.sleep(step)
