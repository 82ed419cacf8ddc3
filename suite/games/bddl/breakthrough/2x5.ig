% Breakthrough 2x5, Black first. Depth: Shaik & van de Pol, SAT 2023, Table 2(b).
#boardsize
2 5
#init
(black(1,5) black(2,5) black(1,4) black(2,4) white(1,1) white(2,1) white(1,2) white(2,2))
#depth
17
#blackgoal
black(?x,ymin)
#whitegoal
white(?x,ymax)
