# Owns the hub's name and reads nothing: no call to it is ever answered (HubCommandTests); prints
# `owned` once it owns the name. The name comes from HubAPI, through the environment
# (PythonProgram.hubNames).
import os
import signal

import dbus

bus = dbus.SessionBus()
bus.request_name(os.environ['HUB_BUS_NAME'], dbus.bus.NAME_FLAG_DO_NOT_QUEUE)
print('owned', flush=True)
signal.pause()
