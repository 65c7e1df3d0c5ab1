# Regenerates the token fixtures of KeelDTCGTests (run: python3 make-fixtures.py).
# "Harbor" is a fictional design system written for these tests, not a copy of a real file.
import json, colorsys
def srgb(h, s, l, alpha=None):
    r,g,b = colorsys.hls_to_rgb(h/360, l/100, s/100)
    v = {"colorSpace":"srgb","components":[round(r,4),round(g,4),round(b,4)]}
    if alpha is not None: v["alpha"]=alpha
    return v
def tok(value, type=None, **kw):
    t = {}
    if type: t["$type"]=type
    t["$value"]=value
    for k,v in kw.items(): t["$"+k]=v
    return t
def px(v): return {"value":v,"unit":"px"}
def rem(v): return {"value":v,"unit":"rem"}
def ms(v): return {"value":v,"unit":"ms"}
def comp(hexs):
    h=hexs.lstrip("#"); return {"colorSpace":"srgb","components":[round(int(h[i:i+2],16)/255,4) for i in (0,2,4)]}
def dark(hexs): return {"dev.keel":{"dark":comp(hexs)}}
doc = {"$schema":"https://www.designtokens.org/schemas/2025.10/format.json",
       "$description":"Harbor: a fictional design system's public token set, written for Keel's tests.",
       "$extensions":{"dev.keel":{"identifier":"harbor","displayName":"Harbor",
          "contrastPairs":[{"foreground":"text.primary","background":"background.primary","requirement":"aa-text"},
                           {"foreground":"text.secondary","background":"background.primary","requirement":"aa-text"},
                           {"foreground":"text.primary","background":"background.secondary","requirement":"aa-text"},
                           {"foreground":"status.error.on","background":"status.error","requirement":"aa-text"},
                           {"foreground":"brand.primary","background":"background.primary","requirement":"non-text"}],
          "icons":{"arrow.forward":{"symbol":"chevron.right","mirrorsInRightToLeft":True},
                   "checkmark.circle":{"symbol":"checkmark.circle","mirrorsInRightToLeft":False},
                   "refresh":{"symbol":"arrow.clockwise","mirrorsInRightToLeft":False}}},
          "com.harbor.meta":{"version":"3.2.0","owners":["design-systems"]}}}
hues = {"blue":212,"teal":178,"green":142,"amber":38,"red":356,"violet":262,"slate":215,"sand":35}
palette = {"$type":"color","$description":"Raw hue scales; never used directly by components."}
for name,h in hues.items():
    grp = {}
    sat = 12 if name in ("slate","sand") else 78
    for i,step in enumerate([50,100,200,300,400,500,600,700,800,900]):
        grp[str(step)] = tok(srgb(h, sat, 97 - i*9.5))
    palette[name]=grp
palette["white"]=tok({"colorSpace":"srgb","components":[1,1,1],"hex":"#ffffff"})
palette["black"]=tok({"colorSpace":"srgb","components":[0,0,0],"hex":"#000000"})
palette["ink"]=tok({"colorSpace":"srgb","components":[0.1,0.11,0.13]})
palette["spaces"]={
 "srgb-linear":tok({"colorSpace":"srgb-linear","components":[0.2,0.4,0.8]}),
 "hsl":tok({"colorSpace":"hsl","components":[212,78,48]}),
 "hsl-achromatic":tok({"colorSpace":"hsl","components":["none",0,50]}),
 "hwb":tok({"colorSpace":"hwb","components":[142,20,30]}),
 "lab":tok({"colorSpace":"lab","components":[54.3,80.8,69.9]}),
 "lch":tok({"colorSpace":"lch","components":[54.3,106.8,40.8]}),
 "oklab":tok({"colorSpace":"oklab","components":[0.63,0.22,0.13]}),
 "oklch":tok({"colorSpace":"oklch","components":[0.63,0.26,29.2],"alpha":0.9}),
 "display-p3":tok({"colorSpace":"display-p3","components":[0.92,0.2,0.14],"hex":"#ff0000"}),
 "a98-rgb":tok({"colorSpace":"a98-rgb","components":[0.86,0.0,0.0]}),
 "prophoto-rgb":tok({"colorSpace":"prophoto-rgb","components":[0.7,0.28,0.1]}),
 "rec2020":tok({"colorSpace":"rec2020","components":[0.79,0.23,0.07]}),
 "xyz-d65":tok({"colorSpace":"xyz-d65","components":[0.41,0.21,0.02]}),
 "xyz-d50":tok({"colorSpace":"xyz-d50","components":[0.44,0.22,0.01]}),
 "from-pointer":tok({"colorSpace":{"$ref":"#/palette/blue/500/$value/colorSpace"},"components":{"$ref":"#/palette/blue/500/$value/components"},"alpha":0.5}),
}
doc["palette"]=palette
color = {"$type":"color",
 "brand":{"primary":{"$root":tok("{palette.blue.600}",extensions=dark("#5AA2F0")),
                      "highlighted":tok("{palette.blue.700}",extensions=dark("#3D8BE0")),
                      "disabled":tok("{palette.blue.200}",extensions=dark("#23405F")),
                      "subtle":tok("{palette.blue.50}",extensions=dark("#17293D"))}},
 "text":{"primary":tok("{palette.ink}",extensions=dark("#F1F3F6")),
         "secondary":tok("{palette.slate.700}",extensions=dark("#C5CBD3")),
         "tertiary":tok("{palette.slate.500}",extensions=dark("#8A94A3")),
         "inverse":tok("{palette.white}",extensions=dark("#101216"))},
 "background":{"primary":tok("{palette.white}",extensions=dark("#14171B")),
               "secondary":tok("{palette.slate.50}",extensions=dark("#1E2228")),
               "highlighted":tok("{palette.slate.100}",extensions=dark("#2A3038")),
               "disabled":tok("{palette.slate.100}",extensions=dark("#262B32"))},
 "border":{"primary":tok("{palette.slate.200}",extensions=dark("#313842")),
           "strong":tok("{palette.slate.300}",extensions=dark("#4A5563"))},
 "shadow":{"primary":tok("{palette.black}")},
 "status":{},
}
for s,hue,darkhex in [("success","green","#4CC38A"),("warning","amber","#E0A030"),("error","red","#F2555A"),("info","blue","#5AA2F0")]:
    color["status"][s]={"$root":tok("{palette.%s.800}"%hue,extensions=dark(darkhex)),
                        "on":tok("{palette.white}",extensions=dark("#0E1013"))}
color["legacy"]={"$deprecated":"Use text.secondary.","muted":tok("{palette.slate.600}",description="Old muted text.")}
doc["color"]=color
doc["fontFamily"]={"$type":"fontFamily","sans":tok(["PingFang SC","System"]),"mono":tok("Menlo"),"display":tok(["Harbor Display","System"])}
doc["fontWeight"]={"$type":"fontWeight","regular":tok("regular"),"medium":tok(500),"semibold":tok("semi-bold"),"bold":tok("bold"),
   "aliases":{n:tok(n) for n in ["thin","hairline","extra-light","ultra-light","light","normal","book","demi-bold","extra-bold","ultra-bold","black","heavy","extra-black","ultra-black"]}}
doc["fontSize"]={"$type":"dimension","xs":tok(rem(0.75)),"sm":tok(rem(0.875)),"md":tok(rem(1)),"lg":tok(rem(1.125)),"xl":tok(rem(1.25))}
doc["lineHeight"]={"$type":"number","tight":tok(1.375),"normal":tok(1.5),"loose":tok(1.571428)}
def font(size,weight,lh,style):
    return tok({"fontFamily":"{fontFamily.sans}","fontSize":"{fontSize.%s}"%size,"fontWeight":"{fontWeight.%s}"%weight,
                "letterSpacing":px(0),"lineHeight":lh},extensions={"dev.keel":{"textStyle":style}})
fonts = {"$type":"typography",
 "title1":font("xl","semibold",1.4,"title2"),
 "title2":font("lg","semibold",{"$ref":"#/lineHeight/loose/$value"},"title3"),
 "title3":font("md","semibold",1.5,"headline"),
 "body":{"$root":font("sm","regular",1.571428,"body"),"large":font("md","regular",1.5,"body"),"medium":font("sm","medium",1.571428,"body")},
 "caption":{"$root":font("xs","regular",1.5,"caption1"),"medium":font("xs","medium",1.5,"caption1")},
 "code":tok({"fontFamily":"{fontFamily.mono}","fontSize":px(13),"fontWeight":400,"letterSpacing":px(-0.2),"lineHeight":1.4},
            extensions={"dev.keel":{"textStyle":"body","scaling":"fixed"}}),
 "display":tok({"fontFamily":"{fontFamily.display}","fontSize":px(34),"fontWeight":"{fontWeight.bold}","letterSpacing":rem(-0.02),"lineHeight":1.2},
            extensions={"dev.keel":{"textStyle":"largeTitle","maximumSize":48,"faces":{"Harbor Display":{"700":"HarborDisplay-Bold"}}}}),
}
doc["font"]=fonts
doc["spacing"]={"$type":"dimension","xxs":tok(px(4)),"xs":tok(px(8)),"sm":tok(px(12)),"md":tok(rem(1)),"lg":tok(px(24)),"xl":tok(rem(2)),"gutter":tok("{spacing.md}")}
doc["radius"]={"$type":"dimension","xs":tok(px(2)),"sm":tok(px(4)),"md":tok(px(8)),"lg":tok(px(12)),"pill":tok(px(999))}
doc["borderWidth"]={"$type":"dimension","hairline":tok(px(1),extensions={"dev.keel":{"unit":"physical-pixel"}}),"thin":tok(px(0.5)),"regular":tok(px(1)),"strong":tok(px(2))}
doc["opacity"]={"$type":"number","subtle":tok(0.08),"disabled":tok(0.4),"overlay":tok(0.48)}
doc["iconSize"]={"$type":"dimension","small":tok(px(16)),"medium":tok(px(20)),"large":tok(px(24)),"extra":{"large":tok(px(28))}}
doc["elevation"]={"$type":"number","content":tok(0),"sticky":tok(100),"overlay":tok(1000),"toast":tok(1100),"alert":tok(1200)}
doc["shadow"]={"$type":"shadow",
 "none":tok({"color":{"colorSpace":"srgb","components":[0,0,0],"alpha":0},"offsetX":px(0),"offsetY":px(0),"blur":px(0),"spread":px(0)}),
 "card":tok({"color":{"colorSpace":"srgb","components":[0,0,0],"alpha":0.12},"offsetX":px(0),"offsetY":px(2),"blur":px(16),"spread":px(0)},extensions={"dev.keel":{"colorToken":"shadow.primary","opacity":0.12}}),
 "floating":tok([{"color":{"colorSpace":"srgb","components":[0,0,0],"alpha":0.16},"offsetX":px(0),"offsetY":px(6),"blur":px(32),"spread":px(0)},"{shadow.card}"],
               extensions={"dev.keel":{"colorToken":"shadow.primary","opacity":0.16}}),
 "inner":tok({"color":"{palette.slate.900}","offsetX":px(0),"offsetY":px(1),"blur":px(2),"spread":px(0),"inset":True}),
}
doc["duration"]={"$type":"duration","instant":tok(ms(0)),"fast":tok(ms(150)),"standard":tok({"value":0.25,"unit":"s"}),"slow":tok(ms(350))}
doc["easing"]={"$type":"cubicBezier","linear":tok([0,0,1,1]),"out":tok([0,0,0.58,1]),"inOut":tok([0.42,0,0.58,1]),"overshoot":tok([0.34,1.56,0.64,1])}
doc["motion"]={"$type":"transition",
 "instant":tok({"duration":"{duration.instant}","delay":ms(0),"timingFunction":"{easing.linear}"}),
 "fast":tok({"duration":"{duration.fast}","delay":ms(0),"timingFunction":"{easing.out}"}),
 "standard":tok({"duration":"{duration.standard}","delay":ms(0),"timingFunction":"{easing.inOut}"}),
 "emphasized":tok({"duration":"{duration.slow}","delay":ms(0),"timingFunction":"{easing.inOut}"},extensions={"dev.keel":{"reducedMotionCrossFade":0.2}}),
 "sheet":tok({"duration":ms(500),"delay":ms(0),"timingFunction":[0.42,0,0.58,1]},extensions={"dev.keel":{"spring":{"mass":1,"stiffness":157.91367041742973,"damping":17.59291886010284}}}),
}
doc["stroke"]={"$type":"strokeStyle","solid":tok("solid"),"dashed":tok("dashed"),"focus":tok({"dashArray":[px(4),"{spacing.xxs}"],"lineCap":"round"})}
doc["border"]={"$type":"border","default":tok({"color":"{color.border.primary}","width":"{borderWidth.regular}","style":"{stroke.solid}"}),
               "focus":tok({"color":"{color.brand.primary.$root}","width":px(2),"style":"{stroke.focus}"})}
doc["gradient"]={"$type":"gradient","brand":tok([{"color":"{color.brand.primary.$root}","position":0},{"color":"{color.brand.primary.highlighted}","position":1}]),
                 "fade":tok([{"color":{"colorSpace":"srgb","components":[1,1,1],"alpha":0},"position":-0.2},{"color":"{palette.white}","position":{"$ref":"#/opacity/disabled/$value"}}])}
doc["field"]={"$type":"dimension","height":tok(px(48)),"width":tok(px(320)),"inset":tok(px(16))}
doc["searchField"]={"$extends":"{field}","$description":"Inherits height and inset from field.","width":tok(px(280))}
doc["component"]={"button":{"$type":"dimension",
   "minimumHitTarget":tok(px(44),extensions={"dev.keel":{"role":"hitTarget"}}),
   "size":{s:{"height":tok(px(h)),"horizontalPadding":tok(px(p)),"font":tok("{font.%s}"%f,"typography")} for s,h,p,f in [("large",48,20,"body.large"),("medium",40,16,"body.medium"),("small",32,12,"caption.medium")]},
   "iconSize":tok("{iconSize.medium}"),"iconSpacing":tok("{spacing.xs}"),
   "primary":{"$type":"color","background":{"normal":tok(comp("#1B1F24"),extensions=dark("#F1F3F6")),"highlighted":tok(comp("#2C323A")),"disabled":tok(comp("#C9CDD2"))},"title":tok("{palette.white}",extensions=dark("#101216"))},
   "brand":{"$type":"color","background":{"normal":tok("{color.brand.primary.$root}"),"highlighted":tok("{color.brand.primary.highlighted}"),"disabled":tok("{color.brand.primary.disabled}")},"title":tok("{color.text.inverse}")}},
 "alert":{"maximumWidth":tok(px(300),"dimension"),"closeButtonSize":tok(px(44),"dimension",extensions={"dev.keel":{"role":"hitTarget"}}),
          "presentationScale":tok(0.96,"number"),"card":{"background":tok("{color.background.primary}","color")}},
 "toggle":{"$type":"color","hitTarget":tok(px(44),"dimension",extensions={"dev.keel":{"role":"hitTarget"}}),
           "track":{"on":tok(comp("#2F7DE1"),extensions=dark("#5AA2F0")),"off":tok(comp("#D5D9DE"),extensions=dark("#30363E"))}}}
import os
D=os.path.dirname(os.path.abspath(__file__))+"/"
json.dump(doc, open(D+"harbor.tokens.json","w"), indent=2)
json.dump({"color":{"text":{"secondary":tok(comp("#B9C0C9"))},"brand":{"primary":{"$root":tok(comp("#6AADF5"))}}}}, open(D+"harbor.dark.tokens.json","w"), indent=2)
def count(n):
    if isinstance(n,dict):
        if "$value" in n: return 1
        return sum(count(v) for k,v in n.items() if not (k.startswith("$") and k!="$root"))
    return 0
print("tokens:", count(doc))
bad = {"n":{"$type":"number","a":tok("{n.b}"),"b":tok("{n.c}"),"c":tok("{n.a}"),"ok":tok(1)},
       "color":{"$type":"color","broken":tok("{color.nowhere}"),"group":tok("{palette}"),"hex":tok("#ff0000")},
       "palette":{"$type":"color","x":tok({"colorSpace":"srgb","components":[1,0,0]})},
       "size":{"$type":"dimension","em":tok({"value":1,"unit":"em"})},
       "weight":{"$type":"fontWeight","Bold":tok("Bold")}}
json.dump(bad, open(D+"broken.tokens.json","w"), indent=2)
low = {"$extensions":{"dev.keel":{"identifier":"low","displayName":"Low","contrastPairs":[{"foreground":"text.primary","background":"background.primary"}]}},
       "color":{"$type":"color","text":{"primary":tok(comp("#777777"))},"background":{"primary":tok(comp("#FFFFFF"))}}}
json.dump(low, open(D+"low-contrast.tokens.json","w"), indent=2)
