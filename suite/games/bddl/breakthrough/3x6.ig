% Breakthrough 3x6, Black first. Depth: Shaik & van de Pol, SAT 2023, Table 2(b).
#boardsize
3 6
#init
(black(1,6) black(2,6) black(3,6) black(1,5) black(2,5) black(3,5) white(1,1) white(2,1) white(3,1) white(1,2) white(2,2) white(3,2))
#depth
9
#blackgoal
black(?x,ymin)
#whitegoal
white(?x,ymax)
