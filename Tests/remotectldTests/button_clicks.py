# button_clicks.py COUNT HELD GAP THEN_PRESS: one python3-dbus client sends COUNT clicks (Press,
# HELD seconds, Release, GAP seconds apart) to the hub's Button1, then one more Press when
# THEN_PRESS is 1 (HeadsetButtonTests). The hub's names come from HubAPI, through the
# environment (PythonProgram.hubNames).
import os
import sys
import time

import dbus

hub = dbus.SessionBus().get_object(os.environ["HUB_BUS_NAME"], os.environ["HUB_PATH"], introspect=False)
button = dbus.Interface(hub, os.environ["BUTTON1"])
press, release = getattr(button, os.environ["BUTTON1_PRESS"]), getattr(button, os.environ["BUTTON1_RELEASE"])
count, held, gap, then_press = int(sys.argv[1]), float(sys.argv[2]), float(sys.argv[3]), sys.argv[4] == "1"
for index in range(count):
    if index:
        time.sleep(gap)
    press()
    time.sleep(held)
    release()
if then_press:
    time.sleep(gap)
    press()
