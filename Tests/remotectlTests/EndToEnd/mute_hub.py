# Owns the hub's name and reads nothing: no call to it is ever answered (HubCommandTests); prints
# `owned` once it owns the name.
import signal

import dbus

bus = dbus.SessionBus()
bus.request_name('io.github.swift_remote_control.Hub', dbus.bus.NAME_FLAG_DO_NOT_QUEUE)
print('owned', flush=True)
signal.pause()
