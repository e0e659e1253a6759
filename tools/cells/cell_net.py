"""The box reader's network: a convolutional line reader with a CTC head for
the digits written in the box and two heads for the box's state and its tick
count. Input (N, 1, H, W) from testkit/cells/box_input.py (H a multiple of 16,
W of 4: the first models 32 x 128, box_input.py's HEIGHT x WIDTH since); outputs,
all raw logits (the C++ reader applies the calibrated temperatures and the softmax):

  ctc    (N, 11, 1, S*W/4) per step: blank, then the digits 0..9; S steps
                         (`substeps`) per 4 columns
  state  (N, 5, 1, 1)    empty, number, crossed, ticks, ticks with points
  ticks  (N, 7, 1, 1)    tick count 0..6 (0 for a box without ticks)

Only layers OpenCV 4.6's dnn runs: Conv (dilated too), ConvTranspose,
BatchNorm (folded at export), Relu, Add, MaxPool, GlobalAveragePool,
GlobalMaxPool, Concat.
"""

import torch
import torch.nn as nn

STATES = ["empty", "number", "crossed", "ticks", "ticks_points"]
MAX_TICKS = 6
BLANK = 0
FIRST_INPUT = (32, 128)  # the input of checkpoints that do not say theirs


def conv(cin, cout, k=3, pad=1):
    return nn.Sequential(nn.Conv2d(cin, cout, k, padding=pad, bias=False), nn.BatchNorm2d(cout), nn.ReLU(inplace=True))


def sep(cin, cout, k=3, pad=1):
    """Depthwise (linear) then pointwise: a 3x3 convolution's reach at a fraction of its cost."""
    return nn.Sequential(nn.Conv2d(cin, cin, k, padding=pad, groups=cin, bias=False), conv(cin, cout, 1, 0))


ARCHS = ("sep", "dense", "ctx")


class RowContext(nn.Module):
    """A residual 1 x 3 convolution along the row of column features, dilated by
    `d` steps: stacked with d = 1, 2, 4, 8 each step sees 15 steps (60 pixels)
    more to either side, so a digit written larger than the 2-D part's reach,
    or a number's other digits, still tell each step what it holds."""

    def __init__(self, c, d):
        super().__init__()
        self.conv = nn.Sequential(nn.Conv2d(c, c, (1, 3), padding=(0, d), dilation=(1, d), bias=False),
                                  nn.BatchNorm2d(c), nn.ReLU(inplace=True))

    def forward(self, x):
        return x + self.conv(x)


def body_sep(c, h):
    """Depthwise-separable blocks after a stride-2 stem: the fewest multiply-adds.
    Rows on the right for a 32 x 128 input (h = 32)."""
    return nn.Sequential(
        nn.Sequential(nn.Conv2d(1, c[0], 3, stride=2, padding=1, bias=False), nn.BatchNorm2d(c[0]),
                      nn.ReLU(inplace=True)),                    # 16 x 64
        sep(c[0], c[1]), nn.MaxPool2d(2),                        # 8 x 32
        sep(c[1], c[2]), sep(c[2], c[2]), nn.MaxPool2d((2, 1)),  # 4 x 32
        sep(c[2], c[3]), nn.MaxPool2d((2, 1)),                   # 2 x 32
        conv(c[3], c[4], k=(h // 16, 1), pad=0),                 # 1 x 32
        sep(c[4], c[4], k=(1, 5), pad=(0, 2)),                   # 1 x 32, context along the row
    )


def body_dense(c, h):
    """Full 3x3 convolutions from the first row of pixels: more multiply-adds than
    body_sep for the same width, and it learns faster per step."""
    return nn.Sequential(
        conv(1, c[0]), nn.MaxPool2d(2),                          # 16 x 64
        conv(c[0], c[1]), nn.MaxPool2d(2),                       # 8 x 32
        conv(c[1], c[2]), conv(c[2], c[3]), nn.MaxPool2d((2, 1)),  # 4 x 32
        conv(c[3], c[3]), nn.MaxPool2d((2, 1)),                  # 2 x 32
        conv(c[3], c[4], k=(h // 16, 1), pad=0),                 # 1 x 32
        conv(c[4], c[4], k=(1, 5), pad=(0, 2)),                  # 1 x 32, context along the row
    )


def body_ctx(c, h):
    """body_dense's 2-D part, then context along the row: dilated residual
    1 x 3 convolutions over the column features (RowContext)."""
    return nn.Sequential(
        *list(body_dense(c, h))[:-1],
        *[RowContext(c[4], d) for d in (1, 2, 4, 8)],
    )


BODIES = {"sep": body_sep, "dense": body_dense, "ctx": body_ctx}


def ctc_head(c, substeps):
    """Column features -> CTC logits, `substeps` steps per feature column. With
    one step per 4 input columns a "1" beside another digit, or two 1s, may get
    no step of their own, and CTC must merge or drop them; a transposed 1 x S
    convolution of stride S gives each column S steps, each with its own weights.
    Measured (docs/box-reader.md, thirteenth session): two steps dropped as
    many 1s and inserted more digits; 1 is the default."""
    if substeps == 1:
        return nn.Conv2d(c, 11, 1)
    return nn.ConvTranspose2d(c, 11, (1, substeps), stride=(1, substeps))


class CellNet(nn.Module):
    def __init__(self, width=1.0, arch="sep", input_shape=FIRST_INPUT, substeps=1):
        super().__init__()
        if arch not in ARCHS:
            raise ValueError(f"unknown CellNet arch {arch!r}")
        h, w = input_shape
        if h % 16 or w % 4:
            raise ValueError(f"CellNet needs an input of a multiple of 16 rows and of 4 columns, not {h} x {w}")
        if substeps not in (1, 2, 4):
            raise ValueError(f"CellNet takes 1, 2 or 4 CTC steps per 4 columns, not {substeps}")
        self.width, self.arch = width, arch
        self.input_shape = (h, w)
        self.substeps = substeps
        base = (16, 32, 64, 96, 128) if arch == "sep" else (12, 24, 32, 64, 96)
        c = [int(round(v * width)) for v in base]
        self.body = BODIES[arch](c, h)
        self.ctc = ctc_head(c[4], substeps)
        self.pool_avg = nn.AdaptiveAvgPool2d(1)
        self.pool_max = nn.AdaptiveMaxPool2d(1)
        self.state = nn.Sequential(nn.Conv2d(2 * c[4], 64, 1), nn.ReLU(inplace=True), nn.Conv2d(64, len(STATES), 1))
        self.ticks = nn.Sequential(nn.Conv2d(2 * c[4], 64, 1), nn.ReLU(inplace=True), nn.Conv2d(64, MAX_TICKS + 1, 1))

    def forward(self, x):
        f = self.body(x)
        g = torch.cat([self.pool_avg(f), self.pool_max(f)], dim=1)
        return self.ctc(f), self.state(g), self.ticks(g)

    def spec(self):
        """What from_checkpoint() needs besides the weights, as checkpoints store it."""
        return {"width": self.width, "arch": self.arch, "input": list(self.input_shape), "substeps": self.substeps}


def from_checkpoint(ck):
    """The CellNet a checkpoint {"model", "width", "arch"?, "input"?, "substeps"?} describes, with its weights."""
    model = CellNet(ck["width"], ck.get("arch", "sep"), tuple(ck.get("input", FIRST_INPUT)), ck.get("substeps", 1))
    model.load_state_dict(ck["model"])
    return model


def export_onnx(model, path):
    model.eval()
    dummy = torch.zeros(1, 1, *model.input_shape)
    torch.onnx.export(model, dummy, path, input_names=["box"], output_names=["ctc", "state", "ticks"],
                      opset_version=11, dynamic_axes={"box": {0: "n"}, "ctc": {0: "n"}, "state": {0: "n"},
                                                      "ticks": {0: "n"}}, do_constant_folding=True)
    inline_identities(path)


def inline_identities(path):
    """The exporter shares equal constants through Identity nodes, which OpenCV
    4.6 cannot load: give each its own copy of the constant instead."""
    import onnx
    m = onnx.load(path)
    inits = {i.name: i for i in m.graph.initializer}
    keep = []
    for n in m.graph.node:
        if n.op_type == "Identity" and n.input[0] in inits:
            copy = onnx.TensorProto()
            copy.CopyFrom(inits[n.input[0]])
            copy.name = n.output[0]
            m.graph.initializer.append(copy)
        else:
            keep.append(n)
    del m.graph.node[:]
    m.graph.node.extend(keep)
    onnx.checker.check_model(m)
    onnx.save(m, path)


def macs(model):
    total = 0
    x = torch.zeros(1, 1, *model.input_shape)
    hooks = []

    def hook(m, inp, out):
        nonlocal total
        k = m.kernel_size[0] * m.kernel_size[1]
        if isinstance(m, nn.ConvTranspose2d):  # each input position feeds k outputs of each channel
            total += inp[0].numel() * k * m.out_channels // m.groups
        else:
            total += out.numel() * k * m.in_channels // m.groups

    for m in model.modules():
        if isinstance(m, (nn.Conv2d, nn.ConvTranspose2d)):
            hooks.append(m.register_forward_hook(hook))
    model.eval()
    with torch.no_grad():
        model(x)
    for h in hooks:
        h.remove()
    return total
