bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

#bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ybench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

:bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ybench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

(bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

fbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

xbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

wbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ybench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

3bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

.bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

1bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

1bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

,bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

/bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

.bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

)bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

.bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

#bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

kbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

vbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

vbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

.bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

vbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

vbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

wbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

qbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

(bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

-bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ybench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

wbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

qbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

fbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

gbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

)bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

#bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

kbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

bbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

bbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

fbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

/bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

bbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

/bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

/bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

gbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

/bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

(bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

-bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ybench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

wbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

gbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

)bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

#bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

kbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

bbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

,bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

fbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

fbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ybench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

(bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

/bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

/bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

)bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

wbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

wbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

kbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

#bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

kbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

fbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

fbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ybench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

#bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

kbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

-bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

(bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

3bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

)bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

#bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

kbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

bbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

bbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

kbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

bbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

/bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

#bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

kbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

vbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

bbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

/bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

/bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

gbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

/bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

/bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

(bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

kbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

:bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

.bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

vbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

vbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

)bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

#bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

#bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

vbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ybench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

fbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

fbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

wbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

#bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

(bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

_bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

_bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Vbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ybench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

_bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Gbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

=bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

,bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

_bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

_bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

fbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

'bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

,bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

1bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

.bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

.bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

1bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

0bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

1bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

)bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

;bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

#bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

/bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

wbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

kbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

gbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

.bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

fbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

-bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

.bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

:bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

=bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

/bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

bbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

/bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

bbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

.bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Fbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Gbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

:bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

=bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

-bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

-bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

fbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

-bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

.bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Fbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

_bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Gbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

:bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

=bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

#bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

(bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

/bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

/bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

/bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

.bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

.bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

.bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

)bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

wbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

wbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ybench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

kbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

gbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

bbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

,bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

#bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

bbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

fbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ybench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

,bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

fbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

vbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

vbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

'bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

wbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

;bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

wbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

.bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

xbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ybench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

_bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Fbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Xbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

_bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

_bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Fbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Xbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

_bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Kbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

_bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Fbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Xbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

_bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

_bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Bbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ybench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

_bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

xbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

_bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

_bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Wbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

_bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Bbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

_bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

_bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

_bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ybench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Vbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Vbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

:bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

=bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

.bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

vbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

vbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Vbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Vbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

_bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Bbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

:bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

=bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

$bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

(bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

)bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

/bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

$bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

(bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Vbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Vbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

)bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

/bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

bbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Vbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Vbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

_bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

:bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

=bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

$bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

(bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Vbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Vbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

)bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

/bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

.bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Qbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

:bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

=bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

qbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

.bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

xbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

qbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

-bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

.bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

xbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Bbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

_bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

:bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

=bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

/bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

.bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ybench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

-bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

bbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

-bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

_bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

:bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

=bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

bbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

/bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

.bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ybench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

-bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

-bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

_bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Jbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Bbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

?bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

=bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

2bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

#bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

wbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

gbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

gbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

gbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

bbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

(bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

/bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

,bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

fbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

/bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

,bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

fbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

gbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

/bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

bbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ybench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

#bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ybench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

_bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

bbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

gbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

fbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ybench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

)bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

.bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

_bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Fbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

:bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

=bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

$bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

(bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

fbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

fbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

fbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

gbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

-bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ybench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

fbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

\bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

	bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

-bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

-bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

'bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

*bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

/bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

_bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

_bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ybench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

_bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

_bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

/bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

*bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

'bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

-bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

-bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

'bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

*bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

.bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

gbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

gbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

-bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

fbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

/bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

*bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

'bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

-bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

-bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

'bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

*bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

.bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ybench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

'bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

2bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

>bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

/bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

vbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

/bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

)bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

#bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

fbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

xbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

fbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

vbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ybench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

.bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

_bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Vbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

:bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

=bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

xbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

=bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

"bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

$bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

(bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Vbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Vbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

_bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Bbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

)bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

:bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

$bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

$bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

"bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

_bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

_bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Vbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ybench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

_bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Gbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

=bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

\bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

	bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

_bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

_bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

=bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

$bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

$bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

(bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

(bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

$bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

$bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

$bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

$bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

%bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

1bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

0bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

1bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

+bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

1bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

)bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

)bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

;bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

#bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

.bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

.bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

.bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

wbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

wbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

kbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

(bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

/bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

.bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

wbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

bbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ybench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

fbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

)bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

.bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Wbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

_bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Vbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

:bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

=bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

$bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

(bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

_bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Vbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

)bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

.bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

/bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

.bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

;bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

.bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ybench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

:bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

vbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

vbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

bbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

bbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Fbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

vbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

vbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

:bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

$bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

(bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Vbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Vbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

_bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

)bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

$bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

(bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Vbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Vbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

_bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

)bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

:bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

$bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

(bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Qbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

)bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

	bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

@bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ybench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

=bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

"bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

"bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

;bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

\bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

	bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

fbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

"bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

$bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

$bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

{bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ybench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

:bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

-bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

}bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

"bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ybench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

3bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

.bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

1bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

1bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ybench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

3bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

;bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

\bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

	bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

	bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

[bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

-bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

"bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

$bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

$bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

"bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

]bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

|bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

|bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

;bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

\bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

	bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

	bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

fbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

-bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

vbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

"bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

$bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

$bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

"bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

>bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

/bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

vbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

/bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

2bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

>bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

&bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

1bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

&bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

&bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

\bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

	bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

	bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

"bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

$bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

$bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

"bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

-bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

'bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ybench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

;bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ybench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

.bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

xbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

(bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ybench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

.bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

vbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

_bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

fbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

[bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

:bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

2bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

]bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

!bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

=bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

(bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

3bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

,bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

1bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

1bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

)bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

)bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

'bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

2bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

>bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

/bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

vbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

/bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

;bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

\bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

	bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

	bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

	bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ybench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

=bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

"bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

$bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

$bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

"bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

;bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

bbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

kbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

;bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

\bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

	bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

	bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

fbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

;bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

\bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

	bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

;bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

\bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

	bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

fbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

[bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

-bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

zbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

"bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

$bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

$bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ybench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

"bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

]bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

;bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

\bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

	bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

	bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

"bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

:bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ybench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

3bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

.bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

1bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

1bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

qbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

(bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

2bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

wbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

fbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

)bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

:bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

"bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

\bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

	bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

	bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

"bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ybench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

3bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

.bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

1bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

1bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ybench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

3bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

3bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

.bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

1bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

1bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

.bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

,bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

kbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ybench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

=bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

/bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

/bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

/bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ybench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

3bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

.bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

1bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

1bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

.bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

"bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

>bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

&bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

2bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

;bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

\bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

	bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

	bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

xbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

1bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

;bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

\bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

	bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

fbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

;bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

\bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

	bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

"bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

vbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

vbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

:bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

$bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

$bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

(bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

-bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

vbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

$bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

$bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ybench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

)bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

(bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

$bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

$bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

(bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

$bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

$bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ybench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

-bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Vbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

)bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

)bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

"bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

;bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

\bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

	bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

[bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

-bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

xbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

$bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

(bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Vbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Vbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

)bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

/bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

bbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

/bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ybench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

]bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

|bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

|bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

"bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

$bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

$bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ybench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

"bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

-bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

vbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

vbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

$bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

(bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Vbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Vbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

)bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

	bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

$bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

(bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Vbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Vbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

)bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

/bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

bbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

/bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ybench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

-bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

-bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

-bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

bbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

-bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

-bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

vbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

-bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

kbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

-bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

qbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

\bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

	bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

	bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

$bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

(bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

fbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

,bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

$bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

(bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Qbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

)bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

,bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

-bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

$bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

(bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

)bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

)bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

2bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

>bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

&bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

1bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

\bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

	bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

	bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

|bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

{bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

gbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

-bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

vbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

"bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

gbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

:bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

fbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ybench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

"bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

|bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

|bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

;bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

}bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

	bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

@bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

$bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

@bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

bbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

:bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

$bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

(bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Bbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

_bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

)bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

#bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

fbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

fbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

wbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ybench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

wbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

gbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

,bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

fbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

#bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

gbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

gbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

bbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

.bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

$bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

(bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

_bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

)bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

:bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Fbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

	bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

@bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

kbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

-bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

$bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

(bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

$bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

@bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

)bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

	bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

@bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

fbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

'bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

%bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

\bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

'bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

$bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

(bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

_bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Fbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

)bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

|bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

>bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

$bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

@bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

.bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

	bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

@bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

fbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

-bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

$bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

@bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

.bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

$bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

@bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

;bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

-bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

fbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

$bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

@bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

.bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

;bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

vbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

$bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

@bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

.bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

$bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

@bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

;bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

fbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

$bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

(bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Bbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

_bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

)bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

:bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

$bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

(bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Vbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Vbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

_bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

)bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

$bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

(bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

_bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Fbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

)bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

$bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

(bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

_bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

)bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

.bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

	bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

$bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

(bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

_bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Vbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

)bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

-bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

-bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

gbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

-bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

bbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

gbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

bbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

-bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

-bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

bbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

-bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

-bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

-bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

bbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

-bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

bbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

bbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

\bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

	bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

	bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

-bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

-bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

-bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

bbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

-bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

-bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

.bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

-bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

-bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

-bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

wbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

kbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

$bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

(bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

_bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Jbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Bbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

)bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

\bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

	bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

	bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

-bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

-bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

vbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

-bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ybench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

+bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

-bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

	bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

@bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

$bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

@bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

:bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

$bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

(bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Vbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Vbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

_bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

)bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

	bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

$bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

(bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Vbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Vbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

_bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Bbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

)bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

/bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

fbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

fbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

kbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

.bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

#bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

fbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

fbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

fbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ybench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

(bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ybench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

'bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ybench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

)bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

;bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

bbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

wbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ybench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

,bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

#bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

gbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

fbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

fbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

fbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

.bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

:bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

bbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

	bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

@bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

=bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

0bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

;bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

\bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

	bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

"bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

fbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

fbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

kbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

.bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

"bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

;bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

$bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

(bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Vbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Vbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

_bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Bbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

)bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

/bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

fbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

fbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

kbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

.bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

|bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

|bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

=bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

$bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

$bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

?bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

;bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

\bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

	bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

"bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ybench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

-bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ybench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

-bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

qbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

"bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

;bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

\bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

	bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

$bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

(bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Wbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

_bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Vbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

)bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ybench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

-bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ybench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

-bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

qbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

|bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

|bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

=bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

$bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

$bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

?bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

;bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

\bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

	bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

xbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

$bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

$bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

#bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

-bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

:bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

xbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

9bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

0bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

_bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ybench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

(bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

fbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

vbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

,bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

kbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

)bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

wbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

#bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

wbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

fbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

-bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

fbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

wbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

;bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ybench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

wbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

/bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

_bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

xbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

9bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

0bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

_bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

.bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

gbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

.bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

:bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

bbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

	bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

$bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

(bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Wbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

_bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Vbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

)bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ybench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

-bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ybench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

_bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

bbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

gbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

.bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

-bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

-bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

bbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

:bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

bbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

	bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

@bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

fbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

[bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

-bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

fbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

bbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

/bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ybench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

.bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ybench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

]bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

;bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

\bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

	bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

	bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

$bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

(bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Wbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

_bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Vbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

)bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ybench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

bbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

/bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ybench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

.bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ybench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

;bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

\bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

	bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

\bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

	bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

	bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

"bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

kbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

bbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

:bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

bbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

/bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ybench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

.bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ybench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ybench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

"bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

;bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

\bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

	bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

fbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

:bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

	bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

-bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

fbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

bbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

gbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

.bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ybench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

_bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

.bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

fbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

fbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

_bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

.bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ybench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

	bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

fbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

bbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

-bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

_bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

_bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ybench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

hbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

_bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

_bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

-bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ybench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

-bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

pbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ubench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

-bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

xbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

-bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

fbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

{bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

}bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

+bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

dbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ibench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

sbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

tbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

:bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

lbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

abench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

	bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

mbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

-bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

fbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

 bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

$bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

(bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Vbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Nbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Vbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

)bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Fbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Obench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Rbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Cbench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

Ebench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

:bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py


bench: build
	$(WS_ENV) python bench/dynamics.py
	$(WS_ENV) python bench/closed_loop.py

