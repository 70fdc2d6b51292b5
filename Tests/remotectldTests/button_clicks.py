# button_clicks.py COUNT HELD GAP THEN_PRESS: one python3-dbus client sends COUNT clicks (Press,
# HELD seconds, Release, GAP seconds apart) to the hub's Button1, then one more Press when
# THEN_PRESS is 1 (HeadsetButtonTests).
import sys
import time

import dbus

hub = dbus.SessionBus().get_object("io.github.swift_remote_control.Hub", "/org/mpris/MediaPlayer2", introspect=False)
button = dbus.Interface(hub, "io.github.swift_remote_control.Button1")
count, held, gap, then_press = int(sys.argv[1]), float(sys.argv[2]), float(sys.argv[3]), sys.argv[4] == "1"
for index in range(count):
    if index:
        time.sleep(gap)
    button.Press()
    time.sleep(held)
    button.Release()
if then_press:
    time.sleep(gap)
    button.Press()
