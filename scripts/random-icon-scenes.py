#!/usr/bin/env python3
"""Random customizable-bar scenes whose thumb is a picture: the frames that test an image
encoder beyond the flat bars of the examples.

Each scene gets a style of random size, colours and corner radius, with or without a
background, and an icon of one of four kinds: a few random pixels (drawn enlarged, so smooth
blobs of thousands of colours), a gradient, few-colour blocks, or translucent noise. Its fps
(10 to 240) and duration (0.5 to 2 s) are random too, and one animated setValue moves the
thumb. The same seed gives the same files.

    python3 scripts/random-icon-scenes.py DIR [--seed 7] [--count 40]
    barframes render DIR/scenes -o OUT --format png,webp
    python3 scripts/webp-vs-libwebp.py OUT $(ls DIR/scenes | sed 's/.json$//')

Needs Pillow (to write the icons).
"""
import argparse, json, os, random
from PIL import Image

parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
parser.add_argument("folder")
parser.add_argument("--seed", type=int, default=7)
parser.add_argument("--count", type=int, default=40)
arguments = parser.parse_args()
rng = random.Random(arguments.seed)
styles = os.path.join(arguments.folder, "styles")
scenes = os.path.join(arguments.folder, "scenes")
os.makedirs(styles, exist_ok=True)
os.makedirs(scenes, exist_ok=True)


def icon(kind, path):
    if kind == "noise":
        n = rng.choice([2, 3, 4, 6])
        image = Image.new("RGBA", (n, n))
        image.putdata([tuple(rng.randrange(256) for _ in range(3)) + (255,) for _ in range(n * n)])
    elif kind == "gradient":
        w = rng.choice([16, 32, 64])
        image = Image.new("RGBA", (w, w))
        image.putdata([(x * 255 // w, y * 255 // w, (x + y) * 127 // w, 255) for y in range(w) for x in range(w)])
    elif kind == "blocks":
        w = rng.choice([8, 16])
        colours = [tuple(rng.randrange(256) for _ in range(3)) + (255,) for _ in range(rng.randint(2, 6))]
        image = Image.new("RGBA", (w, w))
        image.putdata([colours[(x // 4 + y // 4) % len(colours)] for y in range(w) for x in range(w)])
    else:
        w = rng.choice([8, 24])
        image = Image.new("RGBA", (w, w))
        image.putdata([(rng.randrange(256), 120, 200, rng.randrange(256)) for _ in range(w * w)])
    image.save(path)


for i in range(arguments.count):
    kind = rng.choice(["noise", "gradient", "blocks", "alpha"])
    width, height = rng.choice([60, 120, 200, 247, 320]), rng.choice([20, 40, 80, 120])
    icon(kind, os.path.join(styles, f"icon-{i}.png"))
    style = {
        "version": 1, "design": "customizable-bar", "size": [width, height],
        "barHeight": rng.choice([1.5, 4, 10]), "dotHeight": rng.choice([15, 30, height * 0.8]),
        "defaultColor": rng.choice(["#FFFFFF1A", "#3366CC", "#00000080"]),
        "inProgressColor": rng.choice(["white", "#FF8800", "#22AA44CC"]),
        "dragColor": "white", "cornerRadius": rng.choice([0, 0.5, 3]),
        "progressBarIconImage": f"icon-{i}.png", "showAnchorPoint": True,
    }
    if rng.random() < 0.7:
        style["background"] = rng.choice(["black", "#203040", "white"])
    with open(os.path.join(styles, f"s{i}.json"), "w") as file:
        json.dump(style, file)
    fps, duration = rng.choice([10, 24, 30, 60, 120, 240]), rng.choice([0.5, 1, 2])
    events = [
        {"at": 0, "call": "setValue", "args": {"value": rng.random() * 0.3}},
        {"at": duration * 0.2, "call": "setValue",
         "args": {"value": 0.3 + rng.random() * 0.7, "duration": duration * 0.6}},
    ]
    scene = {"version": 1, "style": f"../styles/s{i}.json", "duration": duration, "fps": fps, "scale": 2,
             "events": events}
    with open(os.path.join(scenes, f"k{i}-{kind}.json"), "w") as file:
        json.dump(scene, file)
