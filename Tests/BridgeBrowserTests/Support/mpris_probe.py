import json, sys, time
import dbus, dbus.mainloop.glib
from gi.repository import GLib

PLAYER = "org.mpris.MediaPlayer2.Player"
command, name = sys.argv[1], sys.argv[2]
if command in ("seeked", "roundtrips"):
    dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
bus = dbus.SessionBus()
owner = bus.get_name_owner(name)
player = bus.get_object(name, "/org/mpris/MediaPlayer2")
properties = dbus.Interface(player, "org.freedesktop.DBus.Properties")

if command == "state":
    values = properties.GetAll(PLAYER)
    trackid = values["Metadata"].get("mpris:trackid")
    print(json.dumps({
        **{key: bool(values[key]) for key in
           ["CanPlay", "CanPause", "CanSeek", "CanGoNext", "CanGoPrevious", "CanControl"]},
        "PlaybackStatus": str(values["PlaybackStatus"]),
        "title": str(values["Metadata"].get("xesam:title", "")),
        "Position": int(values["Position"]),
        "trackid": None if trackid is None else str(trackid),
        "trackidType": None if trackid is None else type(trackid).__name__,
    }), flush=True)
elif command == "seeked":
    seeked, changed = [], []
    bus.add_signal_receiver(lambda position: seeked.append(int(position)), signal_name="Seeked",
                            dbus_interface=PLAYER, path="/org/mpris/MediaPlayer2",
                            bus_name=owner)
    bus.add_signal_receiver(lambda interface, values, invalid: changed.append(sorted(str(k) for k in values)),
                            signal_name="PropertiesChanged", dbus_interface="org.freedesktop.DBus.Properties",
                            path="/org/mpris/MediaPlayer2", bus_name=owner)
    bus.get_object("org.freedesktop.DBus", "/org/freedesktop/DBus").GetId(dbus_interface="org.freedesktop.DBus")
    print("READY", flush=True)
    loop = GLib.MainLoop()
    GLib.timeout_add(int(float(sys.argv[3]) * 1000), loop.quit)
    loop.run()
    print(json.dumps({"seeked": len(seeked), "propertiesChanged": len(changed), "changed": changed}), flush=True)
elif command == "calls":
    methods = dbus.Interface(player, PLAYER)
    sent = []
    for index in range(int(sys.argv[3])):
        time.sleep(float(sys.argv[4]))
        method = methods.Pause if index % 2 == 0 else methods.Play
        sent.append(time.time() * 1000)
        method()
    print(json.dumps(sent), flush=True)
elif command == "roundtrips":
    # One clock only: from just before Pause (or Play) is sent until the PlaybackStatus the
    # page reports back after its handler ran arrives as PropertiesChanged.
    methods = dbus.Interface(player, PLAYER)
    statuses = []
    bus.add_signal_receiver(
        lambda interface, values, invalid: statuses.append((time.time() * 1000, str(values["PlaybackStatus"])))
        if "PlaybackStatus" in values else None,
        signal_name="PropertiesChanged", dbus_interface="org.freedesktop.DBus.Properties",
        path="/org/mpris/MediaPlayer2", bus_name=owner)
    bus.get_object("org.freedesktop.DBus", "/org/freedesktop/DBus").GetId(dbus_interface="org.freedesktop.DBus")
    context = GLib.MainContext.default()
    times = []
    for index in range(int(sys.argv[3])):
        time.sleep(float(sys.argv[4]))
        expected = "Paused" if index % 2 == 0 else "Playing"
        statuses.clear()
        sent = time.time() * 1000
        (methods.Pause if expected == "Paused" else methods.Play)()
        deadline = time.time() + 5
        while not any(status == expected for _, status in statuses) and time.time() < deadline:
            context.iteration(True)
        arrived = [at for at, status in statuses if status == expected]
        times.append(arrived[0] - sent if arrived else None)
    print(json.dumps(times), flush=True)
elif command == "setposition":
    try:
        dbus.Interface(player, PLAYER).SetPosition(dbus.ObjectPath(sys.argv[3]), dbus.Int64(int(sys.argv[4])))
        print("OK", flush=True)
    except dbus.exceptions.DBusException as error:
        print(error.get_dbus_name() + ": " + error.get_dbus_message(), flush=True)
